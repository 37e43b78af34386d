/**
 * The tenant named by a Host header: its first label, unless the host is a bare one (www, the
 * payment host, local development hosts and configured others), which has none.
 */
export function subdomainFromHost(
  hostHeader: string | undefined,
  bareHosts: ReadonlySet<string>,
): string | null {
  const host = (hostHeader ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!host || bareHosts.has(host) || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('['))
    return null;
  const [label] = host.split('.');
  if (!label || bareHosts.has(label) || !/^[a-z0-9-]{1,63}$/.test(label)) return null;
  return label;
}
