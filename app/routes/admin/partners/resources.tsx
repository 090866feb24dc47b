import { useLoaderData, type ActionFunctionArgs } from 'react-router';
import { PARTNER_TIERS, RESOURCE_TYPES, tierDefinitionOf } from '~core/partner';
import { CommunityForm } from '~app/components/community/CommunityForm.tsx';
import {
  SelectField,
  TextArea,
  TextField,
} from '~app/components/community/CommunityFormFields.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { done, pageToken } from '../../community/community.server.ts';
import {
  addResource,
  answer,
  editResource,
  formTexts,
  programmeAdminLoader,
  resourcesForAdmin,
  retireResource,
  runProgrammeAction,
  withRequestKey,
} from './partner-admin.server.ts';
import {
  AdminSection,
  FormOutcome,
  ProgrammeAdminPage,
  programmeAdminMeta,
} from './ProgrammeAdminPage.tsx';
import styles from './partner-admin.module.css';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Partner programme: resources';
const FIELDS = ['title', 'summary', 'type', 'product', 'minTier', 'url'] as const;
const TIER_OPTIONS = PARTNER_TIERS.flatMap((tier) => {
  const definition = tierDefinitionOf(tier);
  return definition ? [{ value: tier, label: definition.label }] : [];
});
const TYPE_OPTIONS = RESOURCE_TYPES.map((type) => ({
  value: type.value,
  label: type.label.replace(/s$/, ''),
}));

export const loader = programmeAdminLoader(async (context) => ({
  pageToken: pageToken(),
  resources: await resourcesForAdmin(context.db),
}));

export const meta = programmeAdminMeta(HEADING);

export async function action(args: ActionFunctionArgs) {
  return runProgrammeAction(args, {
    add: (form, _admin, context) =>
      withRequestKey(form, async (requestKey) =>
        answer(
          form,
          await addResource(context.db, {
            ...formTexts(form, FIELDS),
            requestKey,
            at: context.clock.now(),
          }),
          'Resource added to the library.',
          FIELDS,
        ),
      ),
    edit: async (form, _admin, context) =>
      answer(
        form,
        await editResource(context.db, form.text('resourceId'), formTexts(form, FIELDS)),
        'Resource saved.',
        FIELDS,
      ),
    retire: async (form, _admin, context) => {
      await retireResource(context.db, form.text('resourceId'), context.clock.now());
      return done(form.formId, 'Resource retired: partners no longer see or download it.');
    },
  });
}

type Resource = Awaited<ReturnType<typeof loader>>['resources'][number];

function ResourceFields({ resource }: { resource?: Resource }) {
  return (
    <>
      <div className={styles.fields}>
        <TextField
          name="title"
          label="Title"
          defaultValue={resource?.title}
          required
          maxLength={120}
        />
        <SelectField
          name="type"
          label="Type"
          options={TYPE_OPTIONS}
          defaultValue={resource?.type ?? TYPE_OPTIONS[0]?.value}
          required
        />
        <TextField
          name="product"
          label="Product"
          hint="Like Accounting, Payroll, Inventory or Advisory."
          defaultValue={resource?.product}
          required
          maxLength={60}
        />
        <SelectField
          name="minTier"
          label="Lowest tier"
          hint="Partners below it see the resource locked."
          options={TIER_OPTIONS}
          defaultValue={resource?.minTier ?? 'starter'}
          required
        />
      </div>
      <TextField
        name="url"
        label="File or link"
        hint="A file of the portal, like /resource/partners/guide.md, or an address starting https://."
        defaultValue={resource?.url}
        required
        maxLength={500}
      />
      <TextArea
        name="summary"
        label="Summary"
        defaultValue={resource?.summary}
        required
        maxLength={300}
        rows={2}
      />
    </>
  );
}

export default function PartnerResourcesAdminPage() {
  const { pageToken: token, resources } = useLoaderData<typeof loader>();
  return (
    <ProgrammeAdminPage heading={HEADING}>
      <AdminSection id="resources" title="Resources">
        <p>
          The library partners see at /partners/resources. A retired resource leaves the library and
          can no longer be downloaded; its downloads stay counted.
        </p>
        <ul className={styles.rows}>
          {resources.map((resource) => {
            const formId = `resource-${resource.id}`;
            return (
              <li key={resource.id} className={styles.row}>
                <h3 className={styles.rowTitle}>
                  {resource.title}
                  {resource.retired ? ' (retired)' : ''}
                </h3>
                <p className={communityStyles.meta}>
                  {resource.typeLabel} · {resource.product} · from {resource.minTierLabel} ·{' '}
                  {resource.downloads} {resource.downloads === 1 ? 'download' : 'downloads'}
                </p>
                <FormOutcome formId={formId} />
                {resource.retired ? null : (
                  <>
                    <details>
                      <summary>Edit {resource.title}</summary>
                      <CommunityForm
                        formId={formId}
                        intent="edit"
                        hidden={{ resourceId: resource.id }}
                        submitLabel="Save resource"
                        label={`Edit ${resource.title}`}
                      >
                        <ResourceFields resource={resource} />
                      </CommunityForm>
                    </details>
                    <CommunityForm
                      formId={formId}
                      intent="retire"
                      hidden={{ resourceId: resource.id }}
                      submitLabel="Retire"
                      buttonLabel={`Retire ${resource.title}`}
                      className={communityStyles.inlineForm}
                      buttonClassName={communityStyles.dangerButton}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </AdminSection>
      <AdminSection id="add" title="Add a resource">
        <FormOutcome formId="add-resource" />
        <CommunityForm
          key={token}
          formId="add-resource"
          intent="add"
          pageToken={token}
          submitLabel="Add resource"
          pendingLabel="Adding…"
          label="Add a resource"
        >
          <ResourceFields />
        </CommunityForm>
      </AdminSection>
    </ProgrammeAdminPage>
  );
}
