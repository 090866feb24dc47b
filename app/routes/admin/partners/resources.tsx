import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { RESOURCE_TYPES } from '~core/partner';
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

export async function action(args: ActionFunctionArgs) {
  return programme.runProgrammeAction(args, {
    add: programme.adding(FIELDS, 'Resource added to the library.', programme.addResource),
    edit: programme.editing(FIELDS, 'resourceId', 'Resource saved.', programme.editResource),
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
const RESOURCE_TEXT: readonly page.FieldSpec[] = [
  {
    name: 'url',
    label: 'File or link',
    hint: 'A file of the portal, like /resource/partners/guide.md, or an address starting https://.',
    maxLength: 500,
  },
  { name: 'summary', label: 'Summary', maxLength: 300, rows: 2 },
];

function ResourceFields({ resource }: { resource?: Resource }) {
  return (
    <>
      <page.AdminFields specs={RESOURCE_GRID} values={resource} grid />
      <page.AdminFields specs={RESOURCE_TEXT} values={resource} />
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
        {resource.downloads} {resource.downloads === 1 ? 'download' : 'downloads'}
      </p>
      <page.EditOrRetire
        record={{ formId: `resource-${resource.id}`, hidden: { resourceId: resource.id } }}
        name={resource.title}
        retired={resource.retired}
        saveLabel="Save resource"
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
      <page.AddSection noun="resource" token={token}>
        <ResourceFields />
      </page.AddSection>
    </page.ProgrammeAdminPage>
  );
}
