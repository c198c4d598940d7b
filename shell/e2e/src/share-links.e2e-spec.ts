import type { Browser, Page } from 'playwright-core';
import { apiAs } from '../support/api-client';
import { eventually, freshPagePerTest, login, newPage, onPath, submitLogin, visible } from '../support/browser';

/**
 * Spec 2.2, 6 and 8: a share link (`.../:token`) signs a visitor without a session in to its one
 * resource and shows it read-only; a bad token says so and ends on the login page.
 */
const ADMIN = 'admin@norte.example';
const DIESHOP = 'matriceria@norte.example';

interface Die {
  id: number;
  die_reference: string;
  copy_number: number;
}

async function shareLink(resource_type: string, resource_id: number): Promise<string> {
  const { status, body } = await apiAs<{ token: string }>(ADMIN, 'POST', 'share-token', { resource_type, resource_id, expires_in_hours: 1 });
  if (status !== 201) throw new Error(`POST share-token answered ${status}`);
  return body.token;
}

/** The API calls of the page that failed (a share session may call only its one resource). */
function failedApiCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

describe('share links', () => {
  let page: Page;
  let browser: Browser;
  freshPagePerTest((state) => ({ page, browser } = state));

  let die: Die;
  let record: { id: number; number: string; description: string };
  beforeAll(async () => {
    const dies = await apiAs<Die[]>(ADMIN, 'GET', 'die/find?reference=EN-1042');
    die = dies.body.find((candidate) => candidate.copy_number === 1)!;
    const summary = await apiAs<{ corrections: { id: number; number: string; description: string }[] }>(ADMIN, 'GET', `die/${die.id}/summary`);
    record = summary.body.corrections[0];
  });

  it('a share link signs a guest in and shows the die summary, read-only, with nothing else reachable', async () => {
    const token = await shareLink('die-summary', die.id);
    const failed = failedApiCalls(page);
    const path = `/apps/dies/dieResume/${die.id}/${token}`;
    await page.goto(path);
    await visible(page.getByText('Enlace compartido: solo lectura'));
    expect(await page.getByText('Autenticado correctamente').count()).toBe(0);
    await visible(page.getByRole('heading', { name: 'Ficha de la matriz EN-1042-1', level: 1 }));
    await visible(page.getByText('Perfil ventana corrediza 60 mm'));
    await visible(page.getByRole('heading', { name: 'Correcciones', level: 2 }));
    await visible(page.getByRole('cell', { name: record.number }));
    await visible(page.getByText('Enlace compartido: solo lectura'));
    expect(new URL(page.url()).pathname).toBe(path);
    // Read-only and alone: no portal navigation, no link onwards, no button to change anything.
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    // The guest session lives in memory only: the browser keeps no session of it.
    expect(await page.evaluate(() => localStorage.getItem('jwt_access_token'))).toBeNull();
    expect(failed).toEqual([]);
  });

  it('opens a correction record and a correction report by their share links', async () => {
    const recordToken = await shareLink('correction-record', record.id);
    const detail = await apiAs<{ reports: { id: number; attempt_no: number; findings: string }[] }>(ADMIN, 'GET', `correction-record/${record.id}`);
    const report = detail.body.reports[0];
    const reportToken = await shareLink('correction-report', report.id);
    const failed = failedApiCalls(page);

    await page.goto(`/apps/correction-record/${record.id}/${recordToken}`);
    await visible(page.getByText('Enlace compartido: solo lectura'));
    expect(await page.getByText('Autenticado correctamente').count()).toBe(0);
    await visible(page.getByRole('heading', { name: `Registro de corrección ${record.number}`, level: 1 }));
    await visible(page.getByText(record.description));
    // Read only: no form, no moves, no comment box, no share link.
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);

    await page.goto(`/apps/correction-report/${report.id}/${record.id}/${reportToken}`);
    await visible(page.getByRole('heading', { name: `Intento ${report.attempt_no} de la corrección ${record.number}`, level: 1 }));
    if (report.findings) await visible(page.getByText(report.findings));
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    await visible(page.getByText('EN-1042-1'));
    expect(failed).toEqual([]);
  });

  it("a bad token says 'Error intentando ingresar con el TOKEN' and ends on the login page", async () => {
    await page.goto(`/apps/dies/dieResume/${die.id}/no-es-un-token-valido`);
    await visible(page.getByText('Error intentando ingresar con el TOKEN'));
    await onPath(page, '/login');
    await visible(page.getByRole('button', { name: 'INGRESAR' }));
    // Nothing of the broken link is remembered: signing in leads to the welcome page, not back to it.
    await submitLogin(page, ADMIN);
    await onPath(page, '/apps/dashboards/welcome');
  });

  it('a valid link pasted under another die does not open that die', async () => {
    const token = await shareLink('die-summary', die.id);
    const others = await apiAs<Die[]>(ADMIN, 'GET', 'die/find?reference=EN-2210');
    await page.goto(`/apps/dies/dieResume/${others.body[0].id}/${token}`);
    await visible(page.getByText('Error intentando ingresar con el TOKEN'));
    await onPath(page, '/login');
  });

  it('the share dialog offers the discussion and the names, off by default; the guest reads them only when they were chosen, and a revoked link opens nothing (issue 36)', async () => {
    // A colleague's word in the discussion (other files may have put a newer record first, without one).
    const comment = await apiAs<{ author_name: string }>(DIESHOP, 'POST', 'correction-comment', {
      correction_record_id: record.id,
      text: 'Revisar el radio de la lengüeta antes de la próxima prueba',
    });
    expect(comment.status).toBe(201);
    const detail = await apiAs<{ created_by_name: string; comments: { author_name: string; text: string }[] }>(ADMIN, 'GET', `correction-record/${record.id}`);
    expect(detail.body.comments.length).toBeGreaterThan(0);
    const author = comment.body.author_name;

    await login(page, ADMIN);
    await page.goto(`/apps/correction-record/${record.id}`);
    await page.getByRole('button', { name: 'Compartir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enlace de solo lectura a esta corrección' });
    await visible(dialog);
    const discussion = dialog.getByRole('checkbox', { name: 'Incluir la conversación interna' });
    const names = dialog.getByRole('checkbox', { name: 'Incluir los nombres de las personas' });
    expect([await discussion.isChecked(), await names.isChecked()]).toEqual([false, false]);
    await visible(dialog.getByText('Sin marcar, quien abra el enlace no ve la conversación interna ni el nombre de ninguna persona.'));

    // As it comes: the record without its discussion and without anybody's name.
    await dialog.getByRole('button', { name: 'Crear enlace' }).click();
    const linkBox = dialog.getByRole('textbox', { name: 'Enlace de solo lectura a esta corrección' });
    await visible(linkBox);
    const plain = await linkBox.inputValue();
    const active = dialog.getByRole('region', { name: 'Enlaces vigentes' });
    await visible(active.getByText('Sin conversación ni nombres'));

    // Then one with the discussion (still without names).
    await discussion.check();
    await dialog.getByRole('button', { name: 'Crear otro enlace' }).click();
    await eventually(async () => expect(await linkBox.inputValue()).not.toBe(plain));
    const withDiscussion = await linkBox.inputValue();
    await visible(active.getByText('Con la conversación interna, sin nombres'));

    const asGuest = async (link: string) => {
      const { context, page: guest } = await newPage(browser);
      await guest.goto(new URL(link).pathname);
      await visible(guest.getByRole('heading', { name: `Registro de corrección ${record.number}`, level: 1 }));
      await visible(guest.getByText(record.description));
      return { guest, close: () => context.close() };
    };
    const first = await asGuest(plain);
    expect(await first.guest.getByRole('region', { name: 'Discusión' }).count()).toBe(0);
    expect(await first.guest.getByText(detail.body.created_by_name).count()).toBe(0);
    expect(await first.guest.getByText(author).count()).toBe(0);
    await first.close();
    const second = await asGuest(withDiscussion);
    await visible(second.guest.getByRole('region', { name: 'Discusión' }));
    expect(await second.guest.getByText(author).count()).toBe(0);
    await second.close();

    // The admin ends the first link from the same dialog (the newest of the links showing nothing more): it no longer opens anything.
    const items = active.getByRole('listitem');
    const before = await items.count();
    await items
      .filter({ hasText: 'Sin conversación ni nombres' })
      .first()
      .getByRole('button', { name: /^Revocar el enlace de Marta Ibáñez/ })
      .click();
    await visible(page.getByText('Enlace revocado: ya no abre nada'));
    await eventually(async () => expect(await items.count()).toBe(before - 1));
    const { context, page: late } = await newPage(browser);
    await late.goto(new URL(plain).pathname);
    await visible(late.getByText('Error intentando ingresar con el TOKEN'));
    await context.close();
  });

  it("an administrator sees every link still valid in 'Enlaces compartidos', whoever made it, and ends one there (issue 36)", async () => {
    const { status, body } = await apiAs<{ id: number; token: string }>(DIESHOP, 'POST', 'share-token', {
      resource_type: 'die-summary',
      resource_id: die.id,
      include_names: true,
    });
    expect(status).toBe(201);
    await login(page, ADMIN);
    await page.goto('/apps/share-links/all');
    await visible(page.getByRole('heading', { name: 'Enlaces compartidos', level: 1 }));
    const row = page.getByRole('row').filter({ hasText: 'Carmen Villalba' }).filter({ hasText: 'Con los nombres de las personas' });
    await visible(row.filter({ hasText: 'Ficha de la matriz EN-1042-1' }));
    await row.first().click();
    const dialog = page.getByRole('dialog', { name: 'Enlace compartido' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Revocar enlace' }).click();
    await visible(page.getByText('Enlace revocado: ya no abre nada'));
    const again = await fetch(`${new URL(page.url()).origin}/api/auth/login/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: body.token }),
    });
    expect(again.status).toBe(401);
  });
});
