import type pg from 'pg';

/** One HTTP request of a scenario; `host` becomes the Host header, which names the tenant. */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  host: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a scenario may use while it prepares: the generated data set, read-only. */
export interface ScenarioContext {
  /** A client on the bench database, e.g. to pick real plates or tenants. */
  db: pg.Client;
  /** The port of the server the scenario is measured on (to sign in before the load). */
  port?: number;
}

/**
 * A measured call. The runner asks `prepare` once for a request source, checks a few of its
 * requests with `check` before measuring, then replays it under load: a max-throughput run and
 * a fixed-rate run.
 */
export interface Scenario {
  /** Short id for --only and the JSON, e.g. 'notice-lookup'. */
  id: string;
  title: string;
  /** 'baseline' is the bare Fastify server; 'portal' is the real server on the bench database. */
  server: 'baseline' | 'portal';
  /**
   * The fixed-rate run's rate in req/s when it must be the same in every run (a goal set at a rate);
   * otherwise the run goes at --rate-fraction of the measured maximum.
   */
  fixedRate?: number;
  /** Connections of its runs when --connections does not suit it (a 22 MB answer needs one). */
  connections?: number;
  /** Returns the function that yields the next request; it should rotate through varied inputs. */
  prepare(context: ScenarioContext): Promise<() => BenchRequest>;
  /** Why a sample response is wrong, or null when it is right. Runs before the load, never under it. */
  check(status: number, body: string): string | null;
  /**
   * Optional figures of its own after the load (e.g. passes issued per second, oversold count),
   * reported beside the timings; a `problem` fails the bench like failed requests do.
   */
  summarise?(context: ScenarioContext & { port: number }): Promise<ScenarioSummary>;
}

export interface ScenarioSummary {
  figures: Record<string, number>;
  problem: string | null;
}

/** The usual check for a GET that must answer 200 with JSON. */
export function expectOkJson(status: number, body: string): string | null {
  if (status !== 200) return `expected 200, got ${status}: ${body.slice(0, 200)}`;
  try {
    JSON.parse(body);
    return null;
  } catch {
    return `expected JSON, got: ${body.slice(0, 200)}`;
  }
}
