import { type RawBuilder, sql } from 'kysely';
import type { EngineQuery } from './search-engine.ts';

/**
 * Documents (as `sd`) of the scope's object types or common content types, either list, and
 * of none of the hidden object types.
 */
export function scopeCondition(
  scope: EngineQuery['scope'] | undefined,
  hiddenObjectTypes: readonly string[] = [],
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (scope?.objecttypes?.length)
    parts.push(sql`sd.objecttype in (${sql.join(scope.objecttypes)})`);
  if (scope?.commonContentTypes?.length) {
    parts.push(sql`sd.common_contenttype in (${sql.join(scope.commonContentTypes)})`);
  }
  const inScope = parts.length === 0 ? sql`1 = 1` : sql`(${sql.join(parts, sql` or `)})`;
  return hiddenObjectTypes.length === 0
    ? inScope
    : sql`${inScope} and sd.objecttype not in (${sql.join([...hiddenObjectTypes])})`;
}
