import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describePostgresDatabase } from '~tests/support/dialects.ts';
import { articleDocument } from '~tests/support/search-documents.ts';
import { upsertSearchDocuments } from '../search-documents.repository.ts';
import { countPostgresMatches } from './postgres-search.repository.ts';

describePostgresDatabase('word weights on PostgreSQL', (database) => {
  const PAYROLL = "'payrol'";
  const INVOICE = "'invoic'";

  beforeAll(async () => {
    const { db } = database();
    await sql`delete from search_document`.execute(db);
    await upsertSearchDocuments(db, [
      ...Array.from({ length: 60 }, (_, index) =>
        articleDocument(`payroll-${index}`, { title: `Run payroll ${index}` }),
      ),
      ...Array.from({ length: 30 }, (_, index) =>
        articleDocument(`invoice-${index}`, { title: `Send an invoice ${index}` }),
      ),
    ]);
  });

  describe('on an index never analysed', () => {
    it('counts the documents and each group’s matches exactly', async () => {
      await expect(countPostgresMatches(database().db, [PAYROLL, INVOICE], 0)).resolves.toEqual({
        documents: 90,
        matching: [60, 30],
      });
    });
  });

  describe('on an analysed index at least as large as the threshold', () => {
    beforeAll(async () => {
      await sql`analyze search_index`.execute(database().db);
    });

    it('takes the row count and the matches from the planner’s statistics', async () => {
      const counted = await countPostgresMatches(database().db, [PAYROLL, INVOICE], 90);
      expect(counted.documents).toBe(90);
      expect(counted.matching[0]).toBeGreaterThanOrEqual(55);
      expect(counted.matching[0]).toBeLessThanOrEqual(65);
      expect(counted.matching[1]).toBeGreaterThanOrEqual(25);
      expect(counted.matching[1]).toBeLessThanOrEqual(35);
    });

    it('weighs a lexeme that several words stem to once', async () => {
      const repeated = `${INVOICE} | ${INVOICE} | ${INVOICE} | ${INVOICE}`;
      const [once, many] = (await countPostgresMatches(database().db, [INVOICE, repeated], 90))
        .matching;
      expect(many).toBe(once);
    });

    it('counts exactly while the index is smaller than the threshold', async () => {
      await expect(countPostgresMatches(database().db, [PAYROLL, INVOICE], 91)).resolves.toEqual({
        documents: 90,
        matching: [60, 30],
      });
    });
  });
});
