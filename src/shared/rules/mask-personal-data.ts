/**
 * How an appeal's personal fields read to somebody who has not proven they filed it: enough for
 * the owner to recognise their own appeal, too little to learn anything about them.
 */
const MASK = '***';

/** 'Jordan Appellant' → 'J*** A***'. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${Array.from(part)[0] ?? ''}${MASK}`)
    .join(' ');
}

/** 'jordan@example.com' → 'j***@e***.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return MASK;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const suffix = dot > 0 ? domain.slice(dot) : '';
  return `${email[0]}${MASK}@${host[0] ?? ''}${MASK}${suffix}`;
}

/** '555-0101' → '***01': the last two digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${MASK}${digits.slice(-2)}`;
}

/** An address or a free text: nothing of it. */
export function maskText(text: string): string {
  return text ? MASK : '';
}
