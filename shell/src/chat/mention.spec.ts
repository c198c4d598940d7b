import { dieResumePath, insertMention, mentionQuery, messageParts } from './mention';

describe("'@' die mentions (spec 5)", () => {
  it('queries the text after the last @, upper-cased', () => {
    expect(mentionQuery('@ab')).toBe('AB');
    expect(mentionQuery('revisar @m1-2 y @perfil')).toBe('PERFIL');
    expect(mentionQuery('hola @')).toBe('');
  });

  it('does not search without an @, inside a word (e-mail), or once the mention is followed by a space', () => {
    expect(mentionQuery('hola')).toBeNull();
    expect(mentionQuery('ana@planta.example')).toBeNull();
    expect(mentionQuery('ver @ab12 mañana')).toBeNull();
  });

  it("puts 'reference-copynumber' in place of the '@text'", () => {
    expect(insertMention('revisar la @ab', { die_reference: 'AB1234', copy_number: 2 })).toBe('revisar la AB1234-2 ');
    expect(insertMention('@x uno @pe', { die_reference: 'PE-77', copy_number: 1 })).toBe('@x uno PE-77-1 ');
  });

  it('links the mention of a message with a die, and nothing without one', () => {
    expect(messageParts('revisar AB1234-2 hoy', 9)).toEqual([{ text: 'revisar ' }, { text: 'AB1234-2', mention: true }, { text: ' hoy' }]);
    expect(messageParts('revisar AB1234-2 hoy', null)).toEqual([{ text: 'revisar AB1234-2 hoy' }]);
    expect(messageParts('sin etiqueta', 4)).toEqual([{ text: 'sin etiqueta', mention: true }]);
    expect(dieResumePath(9)).toBe('/apps/dies/dieResume/9');
  });
});
