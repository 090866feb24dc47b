import type { PracticeRole } from './practices.tables.ts';
import type { PersonRow } from './practices.repository.ts';

/*
 * Who may do what with a practice: its people edit the listing and see its leads; only its
 * principal contact lets new people in.
 */

export function roleOf(people: readonly PersonRow[], userId: string): PracticeRole | undefined {
  return people.find((person) => person.user_id === userId)?.role;
}

export const mayManageListing = (role: PracticeRole | undefined): boolean => role !== undefined;

export const mayDecideJoining = (role: PracticeRole | undefined): boolean => role === 'principal';
