import '../testing/jsdom.setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mentionOf, mentionsAsText } from '@planta/contracts';
import { ALL_GRANTS, mockApi, on, renderPage, setGrants, type } from '../testing';
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
  const TITLE = 'Enlace de solo lectura a esta corrección';
  const row = (id: number, created_by: number, created_by_name: string, shows: { include_discussion?: boolean; include_names?: boolean } = {}) => ({
    id,
    resource_type: 'correction-record',
    resource_id: 7,
    resource_label: 'NC-2026-0007',
    attempt_no: null,
    created_by,
    created_by_name,
    created_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-11-30T10:00:00.000Z',
    include_discussion: false,
    include_names: false,
    ...shows,
  });
  /** The share-token calls, over a list of links the test holds (the default user is id 0). */
  const shareApi = (links: ReturnType<typeof row>[]) =>
    mockApi(
      on('GET', '/api/share-token/all', 200, () => ({ items: links, total: links.length, page: 1, pageSize: 100 })),
      on('POST', '/api/share-token', 201, (_url: URL, sent: unknown) => {
        const created = { ...row(9, 0, 'Yo', sent as object), token: 't9' };
        links.unshift(created);
        return created;
      }),
      (url, init) => {
        const revoked = /^\/api\/share-token\/(\d+)$/.exec(url.pathname);
        if (init.method !== 'DELETE' || !revoked) return undefined;
        links.splice(
          links.findIndex((link) => link.id === Number(revoked[1])),
          1,
        );
        return { status: 204 };
      },
    );
  const renderButton = (grants = ALL_GRANTS) =>
    renderPage(
      <ShareButton
        type="correction-record"
        id={7}
        path={(token) => `/apps/correction-record/7/${token}`}
        title={TITLE}
        hint={(date) => `Hasta el ${date}.`}
        discussion
      />,
      { url: '/', grants },
    );

  it('creates no link until asked, then one with the chosen expiry, its discussion and names off unless ticked', async () => {
    const api = shareApi([]);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    const discussion = await screen.findByRole('checkbox', { name: 'Incluir la conversación interna' });
    const names = screen.getByRole('checkbox', { name: 'Incluir los nombres de las personas' });
    expect([(discussion as HTMLInputElement).checked, (names as HTMLInputElement).checked]).toEqual([false, false]);
    expect(screen.getByText('Sin marcar, quien abra el enlace no ve la conversación interna ni el nombre de ninguna persona.')).toBeTruthy();
    expect(api.calls('POST', '/api/share-token')).toEqual([]);

    fireEvent.change(screen.getByRole('combobox', { name: 'El enlace caduca en' }), { target: { value: '720' } });
    fireEvent.click(discussion);
    fireEvent.click(screen.getByRole('button', { name: 'Crear enlace' }));
    const link = await screen.findByRole('textbox', { name: TITLE });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/apps/correction-record/7/t9`);
    expect(api.calls('POST', '/api/share-token')[0].body).toEqual({
      resource_type: 'correction-record',
      resource_id: 7,
      expires_in_hours: 720,
      include_discussion: true,
      include_names: false,
    });
    // The new link is listed with what it shows; another may be made beside it.
    const listed = await screen.findByRole('region', { name: 'Enlaces vigentes' });
    await waitFor(() => expect(listed.textContent).toContain('Con la conversación interna, sin nombres'));
    expect(screen.getByRole('button', { name: 'Crear otro enlace' })).toBeTruthy();
  });

  it("ends one's own links, and another's only for whoever administers share links", async () => {
    const links = [row(4, 0, 'Yo'), row(3, 12, 'Marta Ibáñez', { include_names: true })];
    const api = shareApi(links);
    const noAdministration = { ...ALL_GRANTS, 'share-links': { read: false, insert: false, update: false, delete: false } };
    const { unmount } = renderButton(noAdministration);
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    const listed = await screen.findByRole('region', { name: 'Enlaces vigentes' });
    await waitFor(() => expect(listed.textContent).toContain('De Marta Ibáñez'));
    expect(screen.getAllByRole('button', { name: /^Revocar el enlace de/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Revocar el enlace de Yo /),
    ]);
    fireEvent.click(screen.getByRole('button', { name: /^Revocar el enlace de Yo / }));
    await waitFor(() => expect(api.calls('DELETE', '/api/share-token/4')).toHaveLength(1));
    await waitFor(() => expect(listed.textContent).not.toContain('De Yo'));
    unmount();

    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByRole('button', { name: /^Revocar el enlace de Marta Ibáñez / })).toBeTruthy();
  });

  it('is not offered to a guest account, who is no colleague', () => {
    shareApi([]);
    renderButton();
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeTruthy();
    act(() => setGrants(ALL_GRANTS, false));
    expect(screen.queryByRole('button', { name: 'Compartir' })).toBeNull();
  });
});
