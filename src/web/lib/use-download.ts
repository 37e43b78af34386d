import { useMutation } from '@tanstack/react-query';

/**
 * A download button's state (or a few buttons', one per kind: 'json', 'csv'): which kind is being
 * fetched, and what the last failure says. Starting again clears the failure; one runs at a time.
 */
export function useDownload<Kind extends string = 'file'>(options: {
  /** Fetches and saves the file of that kind. */
  download: (kind: Kind) => Promise<void>;
  /** What the alert says about a failed download. */
  describeError: (error: Error) => string;
}) {
  const mutation = useMutation<void, Error, Kind>({ mutationFn: options.download });
  return {
    /** The kind being downloaded, or null. */
    busy: mutation.isPending ? mutation.variables : null,
    error: mutation.error ? options.describeError(mutation.error) : null,
    start: (kind: Kind) => {
      if (!mutation.isPending) mutation.mutate(kind);
    },
  };
}
