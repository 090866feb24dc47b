import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { ATTACHMENT_ACCEPT } from '~core/validation';
import { RESOURCE_FILE_FIELD, RESOURCE_FILE_MAX_BYTES, RESOURCE_TYPES } from '~core/partner';
import { FileField } from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import * as programme from './partner-admin.server.ts';
import * as page from './AdminPage.tsx';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: resources';
const FIELDS = ['title', 'summary', 'type', 'product', 'minTier', 'url'] as const;
const TYPE_OPTIONS = RESOURCE_TYPES.map((type) => ({
  value: type.value,
  label: type.label.replace(/s$/, ''),
}));

export const loader = programme.programmeAdminLoader(async (context) => ({
  resources: await programme.resourcesForAdmin(context.db),
}));

export const meta = page.programmeAdminMeta(HEADING);

/** The file a resource form brought in its file input, if any. */
const fileOf = <File extends { field: string }>(uploads: readonly File[]) =>
  uploads.find((upload) => upload.field === RESOURCE_FILE_FIELD);

export async function action(args: ActionFunctionArgs) {
  return programme.runProgrammeAction(args, {
    add: programme.adding(FIELDS, 'Resource added to the library.', (db, sent, by, uploads) =>
      programme.addResource(db, sent, by, fileOf(uploads)),
    ),
    edit: programme.editing(FIELDS, 'resourceId', 'Resource saved.', (db, id, form, by, uploads) =>
      programme.editResource(db, id, form, by, fileOf(uploads)),
    ),
    retire: programme.retiring(
      'resourceId',
      'Resource retired: partners no longer see or download it.',
      programme.retireResource,
    ),
  });
}

type Resource = Awaited<ReturnType<typeof loader>>['resources'][number];

const RESOURCE_GRID: readonly page.FieldSpec[] = [
  { name: 'title', label: 'Title', maxLength: 120 },
  { name: 'type', label: 'Type', maxLength: 20, options: TYPE_OPTIONS },
  {
    name: 'product',
    label: 'Product',
    hint: 'Like Accounting, Payroll, Inventory or Advisory.',
    maxLength: 60,
  },
  {
    name: 'minTier',
    label: 'Lowest tier',
    hint: 'Partners below it see the resource locked.',
    maxLength: 20,
    options: page.TIER_OPTIONS,
  },
];
const SUMMARY: readonly page.FieldSpec[] = [
  { name: 'summary', label: 'Summary', maxLength: 300, rows: 2 },
];

const LINK_HINT =
  'A file of the portal, like /resource/partners/guide.md, or an address starting https://. Empty when you upload a file.';
const FILE_HINT = `A PDF, an image (PNG, JPEG, GIF, WebP) or a text file such as CSV, up to ${RESOURCE_FILE_MAX_BYTES / (1024 * 1024)} MB. Partners download it from the library.`;

/** The link, or a file to upload instead; an edit says which file the resource has. */
function ResourceSource({ resource }: { resource?: Resource }) {
  const kept = resource?.file ?? null;
  const linkHint = kept
    ? `Now the uploaded file ${kept.name} (${kept.size}): leave this empty to keep it, or give a link to use instead.`
    : LINK_HINT;
  return (
    <fieldset className={communityStyles.fieldset}>
      <legend className={communityStyles.legend}>File or link: give one</legend>
      <page.AdminFields
        specs={[{ name: 'url', label: 'Link', hint: linkHint, maxLength: 500, optional: true }]}
        values={resource}
      />
      <FileField
        name={RESOURCE_FILE_FIELD}
        label={kept ? 'Or upload a new file' : 'Or upload a file'}
        hint={FILE_HINT}
        accept={ATTACHMENT_ACCEPT}
      />
    </fieldset>
  );
}

function ResourceFields({ resource }: { resource?: Resource }) {
  return (
    <>
      <page.AdminFields specs={RESOURCE_GRID} values={resource} grid />
      <ResourceSource resource={resource} />
      <page.AdminFields specs={SUMMARY} values={resource} />
    </>
  );
}

const LIBRARY_INTRO =
  'The library partners see at /partners/resources. A retired resource leaves the library and can no longer be downloaded; its downloads stay counted.';

function ResourceRow({ resource }: { resource: Resource }) {
  return (
    <>
      <p className={communityStyles.meta}>
        {resource.typeLabel} · {resource.product} · from {resource.minTierLabel} ·{' '}
        {resource.downloads} {resource.downloads === 1 ? 'download' : 'downloads'} ·{' '}
        {resource.file ? `file ${resource.file.name} (${resource.file.size})` : resource.url}
      </p>
      <page.EditOrRetire
        record={{ formId: `resource-${resource.id}`, hidden: { resourceId: resource.id } }}
        name={resource.title}
        retired={resource.retired}
        saveLabel="Save resource"
        encType="multipart/form-data"
      >
        <ResourceFields resource={resource} />
      </page.EditOrRetire>
    </>
  );
}

export default function PartnerResourcesAdminPage() {
  const { pageToken: token, resources } = useLoaderData<typeof loader>();
  return (
    <page.ProgrammeAdminPage heading={HEADING}>
      <page.AdminSection id="resources" title="Resources" intro={LIBRARY_INTRO}>
        <page.RecordList
          records={resources}
          keyOf={(resource) => resource.id}
          heading={(resource) => page.listedName(resource, resource.title)}
        >
          {(resource) => <ResourceRow resource={resource} />}
        </page.RecordList>
      </page.AdminSection>
      <page.AddSection noun="resource" token={token} encType="multipart/form-data">
        <ResourceFields />
      </page.AddSection>
    </page.ProgrammeAdminPage>
  );
}
