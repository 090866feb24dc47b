import { type RawBuilder, sql } from 'kysely';
import type { EngineQuery } from './search-engine.ts';

/** Documents (as `sd`) of the scope's object types or common content types, either list. */
export function scopeCondition(scope: EngineQuery['scope'] | undefined): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (scope?.objecttypes?.length)
    parts.push(sql`sd.objecttype in (${sql.join(scope.objecttypes)})`);
  if (scope?.commonContentTypes?.length) {
    parts.push(sql`sd.common_contenttype in (${sql.join(scope.commonContentTypes)})`);
  }
  return parts.length === 0 ? sql`1 = 1` : sql`(${sql.join(parts, sql` or `)})`;
}
