import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastContainer, showToast } from './Toasts.tsx';

describe('ToastContainer (spec 9)', () => {
  it('draws nothing on the server: toasts only come from the browser', () => {
    showToast({ title: 'Saved' });
    expect(renderToStaticMarkup(<ToastContainer />)).toBe('');
  });

  it('gives each toast its own id unless one is given', () => {
    const first = showToast({ title: 'One' });
    const second = showToast({ title: 'Two' });
    expect(first).not.toBe(second);
    expect(showToast({ id: 'fixed', title: 'Three' })).toBe('fixed');
  });
});
