import type { FastifyInstance, FastifyReply } from 'fastify';
import { isRecordId } from '~core/records';
import type { RouteContract } from '~core/routes';
import type { PortalDatabase } from '../db/database.ts';
import { findSeoRecord, type SeoRecord } from '~server/modules/content';

/** Spec 9: the SEO properties are cached for 1 hour. */
const SEO_CACHE = 'public, max-age=3600';
const API_VERSION = /^v\d{1,3}\.\d$/;
const COMMUNITY_ID = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const DEFAULT_FIELDS = ['Title', 'Description'];
const LANGUAGE = 'en-US';

const OBJECT_NAME: Readonly<Record<SeoRecord['kind'], string>> = {
  article: 'Knowledge__kav',
  guide: 'Guide__c',
  topic: 'Topic',
};

export interface SeoProperties {
  recordName: string;
  objectName: string;
  fields: Record<string, string>;
  complexFields: Record<string, unknown>;
  hrefLangUrls: { hrefLang: string; url: string }[];
  canonicalUrl: string;
  isSeoIndexed: boolean;
}

/** The simple fields a record can answer with, by the names callers ask for. */
function availableFields(record: SeoRecord): Record<string, string | undefined> {
  return {
    Title: record.name,
    Name: record.name,
    Description: record.description,
    UrlName: record.urlName,
    CreatedDate: record.created,
    LastModifiedDate: record.updated,
    LastPublishedDate: record.published,
  };
}

export function seoProperties(
  record: SeoRecord,
  requested: readonly string[],
  contract: RouteContract,
): SeoProperties {
  const params = record.kind === 'article' ? { urlName: record.urlName } : { id: record.id };
  const canonicalUrl = contract.url(record.kind, params) ?? '';
  const available = availableFields(record);
  const fields: Record<string, string> = {};
  for (const name of requested) {
    const value = available[name];
    if (value !== undefined) fields[name] = value;
  }
  return {
    recordName: record.name,
    objectName: OBJECT_NAME[record.kind],
    fields,
    complexFields: {},
    hrefLangUrls: [
      { hrefLang: LANGUAGE, url: canonicalUrl },
      { hrefLang: 'x-default', url: canonicalUrl },
    ],
    canonicalUrl,
    isSeoIndexed: true,
  };
}

function badRequest(reply: FastifyReply, message: string, errorCode: string) {
  return reply.status(400).send({ message, errorCode });
}

/** The requested field names, or undefined when the list is malformed. */
export function parseFieldList(fields: unknown): string[] | undefined {
  if (fields === undefined || fields === '') return DEFAULT_FIELDS;
  if (typeof fields !== 'string') return undefined;
  const names = fields.split(',').map((name) => name.trim());
  return names.every((name) => FIELD_NAME.test(name)) ? [...new Set(names)] : undefined;
}

/** GET /services/data/{apiVersion}/connect/communities/{communityId}/seo/properties/{recordId}. */
export function registerSeoProperties(
  app: FastifyInstance,
  database: PortalDatabase,
  contract: RouteContract,
): void {
  app.get<{
    Params: { apiVersion: string; communityId: string; recordId: string };
    Querystring: { fields?: unknown };
  }>(
    '/services/data/:apiVersion/connect/communities/:communityId/seo/properties/:recordId',
    async (request, reply) => {
      const { apiVersion, communityId, recordId } = request.params;
      if (!API_VERSION.test(apiVersion)) {
        return badRequest(
          reply,
          `Unsupported API version "${apiVersion}": write it like v65.0.`,
          'INVALID_API_VERSION',
        );
      }
      if (!COMMUNITY_ID.test(communityId)) {
        return badRequest(
          reply,
          'The community id must be 15 or 18 letters and digits.',
          'INVALID_ID_FIELD',
        );
      }
      if (!isRecordId(recordId)) {
        return badRequest(
          reply,
          'The record id must be 18 letters and digits.',
          'INVALID_ID_FIELD',
        );
      }
      const requested = parseFieldList(request.query.fields);
      if (!requested) {
        return badRequest(
          reply,
          'fields must be a comma-separated list of field names.',
          'INVALID_FIELD',
        );
      }
      const record = await findSeoRecord(database.db, recordId);
      if (!record) {
        return reply
          .status(404)
          .send({ message: 'There is no public page for this record.', errorCode: 'NOT_FOUND' });
      }
      return reply
        .header('Cache-Control', SEO_CACHE)
        .send(seoProperties(record, requested, contract));
    },
  );
}
