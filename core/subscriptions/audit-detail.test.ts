import { describe, expect, it } from 'vitest';
import { namePlansInDetail } from './audit-detail.ts';

const names: Record<string, string> = { starter: 'Starter', standard: 'Standard' };
const planName = (code: string) => names[code];

describe('plans named in an audit entry’s detail', () => {
  it('names the plan a subscription was created on, keeping the rest', () => {
    expect(
      namePlansInDetail(
        'created',
        JSON.stringify({ order: 'SO-1', plan: 'standard', billedTo: 'practice' }),
        planName,
      ),
    ).toBe(JSON.stringify({ order: 'SO-1', plan: 'Standard', billedTo: 'practice' }));
  });

  it('names both plans of a change', () => {
    expect(
      namePlansInDetail(
        'plan-changed',
        JSON.stringify({ from: 'starter', to: 'standard' }),
        planName,
      ),
    ).toBe(JSON.stringify({ from: 'Starter', to: 'Standard' }));
  });

  it('leaves other actions’ from and to alone: a billing transfer’s are payers', () => {
    const detail = JSON.stringify({ from: 'practice', to: 'client' });
    expect(namePlansInDetail('billing-transferred', detail, () => 'Named')).toBe(detail);
  });

  it('keeps a code the catalogue does not know, and detail that is not an object', () => {
    expect(namePlansInDetail('created', JSON.stringify({ plan: 'legacy' }), planName)).toBe(
      JSON.stringify({ plan: 'legacy' }),
    );
    expect(namePlansInDetail('created', JSON.stringify({ plan: 3 }), planName)).toBe(
      JSON.stringify({ plan: 3 }),
    );
    for (const detail of ['not json', '[]', 'null', '"standard"']) {
      expect(namePlansInDetail('created', detail, planName)).toBe(detail);
    }
  });
});
