/** Spec 5 'Plurals': '1 review', '3 reviews', '0 reviews': an 's' when the count is not 1. */
export function countLabel(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
