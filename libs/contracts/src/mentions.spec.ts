import { dieMentionOf, mentionedDieIds, mentionedUserIds, mentionExcerpt, mentionOf, mentionParts, mentionsAsText } from './mentions';

describe('mentions of people and dies', () => {
  const text = `${mentionOf({ id: 2, name: 'Jorge Salinas' })} mira la ${dieMentionOf({ id: 55, label: 'EN-1042-1' })} y la ${dieMentionOf({ id: 56, label: 'EN-1042-2' })}`;

  it('writes and finds each kind apart: people are notified, dies are linked', () => {
    expect(text).toBe('@[Jorge Salinas](2) mira la @[EN-1042-1](die:55) y la @[EN-1042-2](die:56)');
    expect(mentionedUserIds(text)).toEqual([2]);
    expect(mentionedDieIds(text)).toEqual([55, 56]);
  });

  it('reads as people write it, and splits the dies out for their links', () => {
    expect(mentionsAsText(text)).toBe('@Jorge Salinas mira la @EN-1042-1 y la @EN-1042-2');
    expect(mentionExcerpt(text, 20)).toBe('@Jorge Salinas mira…');
    expect(mentionParts(text)).toEqual([
      { kind: 'text', text: '@Jorge Salinas mira la ' },
      { kind: 'die', label: 'EN-1042-1', id: 55 },
      { kind: 'text', text: ' y la ' },
      { kind: 'die', label: 'EN-1042-2', id: 56 },
    ]);
    expect(mentionParts('sin menciones')).toEqual([{ kind: 'text', text: 'sin menciones' }]);
  });

  it('keeps a label from breaking out of its brackets', () => {
    expect(dieMentionOf({ id: 7, label: 'A]\nB' })).toBe('@[A  B](die:7)');
  });
});
