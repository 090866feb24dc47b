import { describe, expect, it } from 'vitest';
import { AlertDialog, ConfirmDialog, Dialog } from './Dialog.tsx';
import { renderWithSite } from './site-stub.test-support.tsx';

const noop = () => {};

describe('Dialog (spec 2.7 Dialogs)', () => {
  it("has a close button labelled 'Cancel and close'", () => {
    const html = renderWithSite(
      <Dialog open onClose={noop} title="Edit">
        <p>Body</p>
      </Dialog>,
    );
    expect(html).toMatch(/<dialog [^>]*aria-modal="true" aria-labelledby="[^"]+"/);
    expect(html).toContain('<span class="visually-hidden">Cancel and close</span>');
    expect(html).toContain('<p>Body</p>');
    expect(html).not.toContain('role="alertdialog"');
  });

  it('is empty while closed', () => {
    const html = renderWithSite(<Dialog open={false} onClose={noop} title="Edit" />);
    expect(html).not.toContain('Edit');
  });

  it("shows 'Processing' instead of the body while busy, and cannot be closed", () => {
    const html = renderWithSite(
      <Dialog open onClose={noop} title="Saving" processing>
        <p>Body</p>
      </Dialog>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/role="status"><span [^>]*aria-hidden="true"><\/span>Processing<\/div>/);
    expect(html).not.toContain('<p>Body</p>');
    expect(html).toMatch(/<button type="button" class="[^"]*" disabled="">/);
  });

  it("titles an alert 'Alert' by default", () => {
    const html = renderWithSite(<AlertDialog open onClose={noop} />);
    expect(html).toContain('role="alertdialog"');
    expect(html).toMatch(/<h2 id="[^"]+" class="[^"]*">Alert<\/h2>/);
    expect(html).toContain('>OK</button>');
  });

  it('draws the error theme', () => {
    expect(renderWithSite(<AlertDialog open variant="error" onClose={noop} />)).toMatch(
      /<dialog class="[^"]*_error_/,
    );
  });

  it("offers 'Cancel' and 'OK' to confirm", () => {
    const html = renderWithSite(
      <ConfirmDialog open onClose={noop} onConfirm={noop} title="Remove?" />,
    );
    expect(html).toMatch(
      />Cancel<\/button><button type="button" class="[^"]*_main_[^"]*">OK<\/button>/,
    );
  });
});
