import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BANNED_WORDS_MESSAGE } from '~core/community';
import { TEST_SITE_CONFIG } from '../ui/site-stub.test-support.tsx';
import { CommunityForm, type CommunityActionData } from './CommunityForm.tsx';
import { TextArea, TextField } from './CommunityFormFields.tsx';

const TOKEN = '0123456789abcdef0123456789abcdef';

function render(element: ReactElement, actionData?: CommunityActionData) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ config: TEST_SITE_CONFIG, csrfToken: 'csrf-token' }),
      children: [{ id: 'page', index: true, Component: () => element, action: () => null }],
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={['/']}
      hydrationData={{
        loaderData: { root: { config: TEST_SITE_CONFIG, csrfToken: 'csrf-token' } },
        ...(actionData ? { actionData: { page: actionData } } : {}),
      }}
    />,
  );
}

const answerForm = (
  <CommunityForm formId="answer" intent="answer" pageToken={TOKEN} submitLabel="Post your answer">
    <TextArea name="body" label="Answer" required checkBannedWords />
  </CommunityForm>
);

describe('CommunityForm', () => {
  it('posts with the CSRF token, intent, form id and an idempotency key', () => {
    const html = render(answerForm);
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain('name="_csrf" value="csrf-token"');
    expect(html).toContain('name="intent" value="answer"');
    expect(html).toContain('name="formId" value="answer"');
    expect(html).toContain(`name="idempotencyKey" value="${TOKEN}-answer"`);
    expect(html).toContain('data-banned-word-check=""');
  });

  it('carries no idempotency key for a form that creates nothing', () => {
    const html = render(<CommunityForm formId="follow" intent="follow" submitLabel="Follow" />);
    expect(html).not.toContain('idempotencyKey');
  });

  it('shows a refusal next to its field and keeps the typed text', () => {
    const html = render(answerForm, {
      rejected: {
        formId: 'answer',
        message: BANNED_WORDS_MESSAGE,
        field: 'body',
        values: { body: 'What I typed' },
      },
    });
    expect(html).toContain('>What I typed</textarea>');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/role="alert"[^>]*>Please remove offensive language/);
  });

  it("ignores another form's refusal", () => {
    const html = render(answerForm, {
      rejected: { formId: 'comment-x', message: 'Nope', field: 'body', values: { body: 'other' } },
    });
    expect(html).not.toContain('Nope');
    expect(html).not.toContain('other');
  });

  it('shows a refusal without a field at the top of the form', () => {
    const html = render(
      <CommunityForm formId="start" intent="start" submitLabel="Post">
        <TextField name="title" label="Title" required />
      </CommunityForm>,
      { rejected: { formId: 'start', message: 'Slow down.', values: { title: 'Kept title' } } },
    );
    expect(html).toMatch(/role="alert"[^>]*>Slow down\.<\/p>/);
    expect(html).toContain('value="Kept title"');
  });
});
