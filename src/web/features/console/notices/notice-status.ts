/** A notice status's badge colour: light tints with dark text, readable on any brand. */
export const statusBadgeColor = (status: string) =>
  status === 'Paid' || status === 'Paid off platform' ? 'green' : status === 'Void' ? 'gray' : 'blue';
