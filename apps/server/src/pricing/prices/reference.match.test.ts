import { describe, expect, it } from 'vitest';
import type { ReferencePoint } from './reference.repository.js';
import { matchReference } from './reference.service.js';

const pt = (over: Partial<ReferencePoint>): ReferencePoint => ({
  kind: 'market',
  level: 'article',
  articleId: 1,
  familyKey: 'fruits|citrus',
  date: '2026-11-26',
  min: 1,
  avg: 1.5,
  max: 2,
  ...over,
});

describe('matchReference (the rule alone)', () => {
  it('takes the article’s latest day, its whole trend, and grower prices of the same level only', () => {
    const ref = matchReference(
      [
        pt({ date: '2026-11-20', avg: 1.2 }),
        pt({ date: '2026-11-25', avg: 1.4 }),
        pt({ kind: 'grower', level: 'family', articleId: null, avg: 0.9 }),
        pt({ kind: 'market', level: 'family', articleId: null, date: '2026-11-26', avg: 3 }),
      ],
      1,
      'fruits|citrus',
    );
    expect(ref).toMatchObject({ matchedBy: 'article', date: '2026-11-25', avg: 1.4, subfamily: 'citrus' });
    expect(ref!.trend).toEqual([
      { date: '2026-11-20', avg: 1.2 },
      { date: '2026-11-25', avg: 1.4 },
    ]);
    expect(ref!.grower).toBeUndefined();
  });

  it('falls back to the family of the article, never to another family, another article or nothing known', () => {
    const points = [
      pt({ articleId: 2 }),
      pt({ level: 'family', articleId: null, familyKey: 'fruits|citrus', avg: 1.7 }),
      pt({ level: 'family', articleId: null, familyKey: 'legumes|citrus', avg: 9 }),
    ];
    expect(matchReference(points, 1, 'fruits|citrus')).toMatchObject({ matchedBy: 'family', avg: 1.7 });
    expect(matchReference(points, 3, 'fruits|melons')).toBeNull();
    expect(matchReference(points, 4, undefined)).toBeNull();
  });
});
