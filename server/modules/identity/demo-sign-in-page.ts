import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { escapeHtml } from '~core/content';
import { plainPage } from './plain-page.ts';

/** The built-in provider's sign-in page: one button per demo account. */
export function demoSignInPage(page: {
  action: string;
  csrfField: string;
  csrfToken: string;
  brand: string;
}): string {
  const hidden = `<input type="hidden" name="${escapeHtml(page.csrfField)}" value="${escapeHtml(page.csrfToken)}">`;
  const accounts = DEMO_ACCOUNTS.map((account) => {
    const name = `${account.firstName} ${account.lastName}`;
    const describedBy = `account-${account.subject}`;
    return `<li>
<button type="submit" name="account" value="${escapeHtml(account.subject)}" aria-describedby="${describedBy}">Sign in as ${escapeHtml(name)}</button>
<p id="${describedBy}">${escapeHtml(account.description)}</p>
</li>`;
  }).join('\n');
  return plainPage({
    title: `Sign in – ${page.brand} demo`,
    body: `<h1>Sign in to the ${escapeHtml(page.brand)} demo</h1>
<p class="note">This demo site signs you in as one of its sample people. No password is needed, and nothing you do here reaches a real account.</p>
<form method="post" action="${escapeHtml(page.action)}">
${hidden}
<ul>
${accounts}
</ul>
</form>
<form method="post" action="${escapeHtml(page.action)}">
${hidden}
<p><button type="submit" name="cancel" value="yes" class="secondary">Cancel sign-in</button></p>
</form>`,
  });
}
