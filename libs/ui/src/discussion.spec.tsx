import '../testing/jsdom.setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mentionOf, mentionsAsText } from '@planta/contracts';
import { mockApi, on, renderPage, type } from '../testing';
import { Discussion, peopleSource } from './discussion';
import { ShareButton } from './share-button';

const PEOPLE = [
  { id: 2, label: 'Lucía Jefa' },
  { id: 5, label: 'Andrés Olmedo' },
];
const source = peopleSource('Personas para mencionar', PEOPLE, (option) => mentionOf({ id: option.id, name: option.label }));
const COMMENTS = [{ id: 1, author_name: 'Lucía Jefa', created_at: '2026-11-20T09:00:00.000Z', text: '@[Andrés Olmedo](5) revisa la portada' }];

describe('Discussion', () => {
  it('reads mentions as names, offers the people after an @ without accents or case, and sends the mention', async () => {
    const sent: string[] = [];
    renderPage(<Discussion comments={COMMENTS} render={mentionsAsText} sources={[source]} onSend={async (text) => void sent.push(text)} />, { url: '/' });
    expect(screen.getByText('@Andrés Olmedo revisa la portada')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: /^Comentario/ });
    type(box, 'Mira esto @andres');
    fireEvent.click(await screen.findByRole('option', { name: '@Andrés Olmedo' }));
    expect((box as HTMLTextAreaElement).value).toBe('Mira esto @[Andrés Olmedo](5) ');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toEqual(['Mira esto @[Andrés Olmedo](5)']));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('keeps the text when the comment is refused, and has no box when read only', async () => {
    const { unmount } = renderPage(<Discussion comments={[]} render={mentionsAsText} sources={[source]} onSend={() => Promise.reject(new Error('no'))} />, {
      url: '/',
    });
    expect(screen.getByText('Sin comentarios')).toBeTruthy();
    type(screen.getByRole('textbox', { name: /^Comentario/ }), 'Hola');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' }).hasAttribute('disabled')).toBe(false));
    expect((screen.getByRole('textbox', { name: /^Comentario/ }) as HTMLTextAreaElement).value).toBe('Hola');
    unmount();
    renderPage(<Discussion comments={COMMENTS} render={mentionsAsText} sources={[source]} />, { url: '/' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
  });
});

describe('ShareButton', () => {
  it('creates a week-long link at once and a new one for another expiry', async () => {
    const api = mockApi(
      on('POST', '/api/share-token', 201, (_url: URL, sent: unknown) => ({
        token: `t${(sent as { expires_in_hours: number }).expires_in_hours}`,
        resource_type: 'correction-record',
        resource_id: 7,
        expires_at: '2026-11-30T10:00:00.000Z',
      })),
    );
    renderPage(
      <ShareButton
        type="correction-record"
        id={7}
        path={(token) => `/apps/correction-record/7/${token}`}
        title="Enlace de solo lectura a esta corrección"
        hint={(date) => `Hasta el ${date}`}
      />,
      { url: '/' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    const link = await screen.findByRole('textbox', { name: 'Enlace de solo lectura a esta corrección' });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/apps/correction-record/7/t168`);
    expect(api.calls('POST', '/api/share-token')[0].body).toEqual({ resource_type: 'correction-record', resource_id: 7, expires_in_hours: 168 });
    fireEvent.change(screen.getByRole('combobox', { name: 'El enlace caduca en' }), { target: { value: '720' } });
    await waitFor(() => expect((link as HTMLInputElement).value).toMatch(/\/t720$/));
  });
});
