import { Box, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ReportSummaryData } from '../../../shared/contract';
import { reportMessages as m } from '../../../shared/messages/reports';
import { readPageQueries } from '../../app/page-data';
import type { HeatMapDrawing, HeatMapState } from './heat-map-drawing';
import { reportSummaryKey } from './query-keys';

let drawingLoading: Promise<typeof import('./heat-map-drawing')> | null = null;

/**
 * The map's drawing code with MapLibre (about 280 kB gzipped), fetched once; the page starts it
 * as soon as its own code runs, so it downloads and compiles beside the page rather than after
 * it. A failed fetch is retried on the next call.
 */
function loadHeatMapDrawing(): Promise<typeof import('./heat-map-drawing')> {
  drawingLoading ??= import('./heat-map-drawing').catch((error: unknown) => {
    drawingLoading = null;
    throw error;
  });
  return drawingLoading;
}

/** What marks the map's element, with the report's uuid, in the HTML the server rendered. */
const REPORT_ATTRIBUTE = 'data-heat-map-report';

/**
 * Called when the report page's code runs, before the page renders. On a report the server
 * rendered, the map starts drawing at once from the page's data, before React has hydrated the
 * page (decision 164: about 300 ms sooner on the 100,000-scan report in `npm run bench`);
 * otherwise the drawing code is only fetched. Nothing on the server, which renders no map. A
 * failure shows when the map mounts.
 */
export function startHeatMap(): void {
  if (typeof document === 'undefined') return;
  const loading = loadHeatMapDrawing();
  const container = document.querySelector<HTMLElement>(`[${REPORT_ATTRIBUTE}]`);
  const reportUUID = container?.getAttribute(REPORT_ATTRIBUTE);
  const summary = reportUUID ? findSummaryInPage(reportUUID) : undefined;
  loading
    .then((drawing) => {
      if (container && reportUUID && summary) drawing.drawEarly(reportUUID, container, summary);
    })
    .catch(() => undefined);
}

/** The report's summary among the queries the server rendered the page from, if there. */
function findSummaryInPage(reportUUID: string): ReportSummaryData | undefined {
  const key = JSON.stringify(reportSummaryKey(reportUUID));
  const query = readPageQueries()?.queries.find((candidate) => JSON.stringify(candidate.queryKey) === key);
  return query?.state.status === 'success' ? (query.state.data as ReportSummaryData) : undefined;
}

/** The element MapLibre draws in is its own: React renders it empty and never touches its content. */
const LEFT_TO_MAPLIBRE = { __html: '' };

/** The report's heat map, with a loader until it is drawn and a note when it cannot be. */
export function HeatMap({
  reportUUID,
  summary,
}: {
  reportUUID: string;
  summary: ReportSummaryData | undefined;
}) {
  const container = useRef<HTMLElement>(null);
  const [state, setState] = useState<HeatMapState>('loading');

  useEffect(() => {
    // The frame and its loader show until the summary arrives.
    if (!summary) return;
    let drawing: HeatMapDrawing | null = null;
    let unsubscribe: (() => void) | undefined;
    let isCancelled = false;
    loadHeatMapDrawing()
      .then(({ takeEarlyDrawing, drawHeatMap }) => {
        if (isCancelled || !container.current) return;
        drawing = takeEarlyDrawing(reportUUID, container.current) ?? drawHeatMap(container.current, summary);
        unsubscribe = drawing.onStateChange(setState);
        setState(drawing.state);
      })
      .catch(() => {
        // The chunk failed: the rest of the report still works.
        if (!isCancelled) setState('unavailable');
      });
    return () => {
      isCancelled = true;
      unsubscribe?.();
      drawing?.remove();
    };
  }, [reportUUID, summary]);

  return (
    <Stack gap={4}>
      <Box className="report-map" data-map-state={state}>
        <section
          ref={container}
          className="report-map__canvas"
          aria-label={m.heatMap}
          {...{ [REPORT_ATTRIBUTE]: reportUUID }}
          // MapLibre's element is added before hydration on a server-rendered report.
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant empty string, which tells React the content is not its own
          dangerouslySetInnerHTML={LEFT_TO_MAPLIBRE}
        />
        {state === 'loading' && (
          <Box className="report-map__overlay">
            <Loader size="sm" aria-label={m.mapLoading} />
          </Box>
        )}
        {state === 'unavailable' && (
          <Box className="report-map__overlay">
            <Text size="sm" ta="center" maw={280}>
              {m.mapUnavailable}
            </Text>
          </Box>
        )}
      </Box>
      {summary && summary.mapStyleURL === null && state !== 'unavailable' && (
        <Text size="xs" c="dimmed" className="report-map__note" data-testid="map-without-streets">
          {m.mapWithoutStreets}
        </Text>
      )}
    </Stack>
  );
}
