import type { Browser, BrowserContext, Page } from 'playwright-core';
import { keepUserSettings, setUserSettings, storedUserSettings } from '../support/api-client';
import { eventually, launchBrowser, login, newPage, onPath, settle, visible } from '../support/browser';
import { finger } from '../support/finger';

/**
 * Issue 9 items 3, 4, 10 and 11 (skip link): the shell's layering and its fit to tablets and
 * phones. In every layout and at desktop, tablet and phone sizes, no control of the shell or of a
 * page lies under another one (the side button, the toolbar, a fixed footer), the portal's own
 * overlays are drawn over the toolbar, and toolbar buttons are touch-sized on tablets. Issue 38: on
 * a 1024×768 touch tablet the footer scrolls with the page, the menu opens over the content, and
 * every cut label ends in an ellipsis with its full text on focus and on a long press.
 */

const USER = 'jefe@norte.example';
const LAYOUTS = ['layout1', 'layout2', 'layout3'] as const;
const SIZES = [
  [1440, 900],
  [1024, 768],
  [768, 1024],
  [390, 844],
] as const;
/** The welcome page, a list and a long form. */
const PAGES = [
  ['/apps/dashboards/welcome', 'Jorge Salinas'],
  ['/apps/extrusion-line', 'Líneas de extrusión'],
  ['/apps/extrusion-line/new', 'Nueva línea de extrusión'],
] as const;

/**
 * Every visible control (button, link, field) brought into view one by one: the element
 * `elementFromPoint` finds at its centre must be the control or inside it. Returns the ones
 * covered, described with what covers them. Controls that cannot be scrolled into the window
 * (the skip link before it has the focus) are left out.
 */
async function coveredControls(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const describe = (node: Element | null) => {
      if (!node) return 'nothing';
      const part = node.closest('[data-part],[role=dialog],[role=menu],header,nav,footer,main');
      const name = (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 40);
      return `<${node.tagName.toLowerCase()}> "${name}" in ${part ? `<${part.tagName.toLowerCase()} ${part.getAttribute('data-part') ?? part.getAttribute('role') ?? ''}>` : 'page'}`;
    };
    const root = document.querySelector(rootSelector) ?? document.body;
    const covered: string[] = [];
    const controls = root.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=menuitem], [role=menuitemradio]');
    for (const control of controls) {
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (control.getBoundingClientRect().width === 0) continue;
      control.scrollIntoView({ block: 'center', inline: 'center' });
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === control || control.contains(hit))) continue;
      covered.push(`${describe(control)} under ${describe(hit)}`);
    }
    window.scrollTo(0, 0);
    return covered;
  }, within);
}

/** The centre of the element is on it (not under the toolbar or anything else). */
async function reachable(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
}

describe('shell layout: nothing covers a control', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let restore: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    restore = await keepUserSettings(USER);
  });
  afterAll(async () => {
    await restore?.();
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
  });

  for (const layout of LAYOUTS) {
    it(`${layout}: at 1440, 1024, 768 and 390 px no control of the shell, a list or a form lies under another; the settings drawer and menus are over the toolbar`, async () => {
      await setUserSettings(USER, { layout: { style: layout }, language: 'es' });
      ({ context, page } = await newPage(browser));
      await login(page, USER);
      expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe(layout);
      const problems: string[] = [];
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        for (const [path, title] of PAGES) {
          await page.goto(path);
          await visible(page.getByRole('main').getByText(title).first());
          await settle(page);
          for (const covered of await coveredControls(page)) problems.push(`${width}×${height} ${path}: ${covered}`);
        }

        // The settings drawer lies over the toolbar: its title and close button can be used.
        await page.getByRole('button', { name: 'Configuración' }).first().click();
        const drawer = page.getByRole('dialog', { name: 'Configuración' });
        await visible(drawer);
        await page.waitForTimeout(400); // the drawer's slide-in
        if (!(await reachable(page, '[role=dialog] button[aria-label="Cerrar configuración"]')))
          problems.push(`${width}×${height}: settings close button covered`);
        for (const covered of await coveredControls(page, '[role=dialog]')) problems.push(`${width}×${height} settings drawer: ${covered}`);
        await page.getByRole('button', { name: 'Cerrar configuración' }).click();
        await eventually(async () => expect(await drawer.count()).toBe(0));

        // The language menu (shown from tablets up) opens over the toolbar with its first item whole.
        const language = page.getByRole('button', { name: 'Idioma' });
        if (await language.isVisible()) {
          await language.click();
          await visible(page.getByRole('menuitemradio').first());
          if (!(await reachable(page, '[role=menuitemradio]'))) problems.push(`${width}×${height}: first language covered`);
          await page.keyboard.press('Escape');
        }
      }
      expect(problems).toEqual([]);
    });
  }

  for (const layout of ['layout2', 'layout3'] as const) {
    it(`${layout}: the first item of every top-menu dropdown lies over the toolbar and can be clicked`, async () => {
      await setUserSettings(USER, { layout: { style: layout }, language: 'es' });
      ({ context, page } = await newPage(browser));
      await login(page, USER);
      const menus = page.locator('nav[data-orientation="horizontal"] button[aria-haspopup]');
      await visible(menus);
      const count = await menus.count();
      expect(count).toBeGreaterThan(0);
      for (let index = 0; index < count; index += 1) {
        await menus.nth(index).click();
        const first = page.getByRole('menu').last().locator('[role=menuitem]').first();
        await visible(first);
        expect({ menu: index, reachable: await reachable(page, '[role=menu] [role=menuitem]') }).toEqual({ menu: index, reachable: true });
        await page.keyboard.press('Escape');
        await eventually(async () => expect(await page.getByRole('menu').count()).toBe(0));
      }
      // 'Producción ágil' → 'Líneas de extrusión' by a real click.
      await menus.filter({ hasText: 'Producción ágil' }).click();
      await page.getByRole('menuitem', { name: 'Líneas de extrusión' }).click();
      await visible(page.getByRole('main').getByText('Líneas de extrusión').first());
    });
  }

  it('on a touch tablet (1024×768) every toolbar button is at least 44×44 px and the name does not spill out of the toolbar', async () => {
    await setUserSettings(USER, { layout: { style: 'layout1' }, language: 'es' });
    context = await browser.newContext({ baseURL: process.env.PLANTA_E2E_BASE_URL, locale: 'es-ES', viewport: { width: 1024, height: 768 }, hasTouch: true });
    page = await context.newPage();
    await login(page, USER);
    const sizes = await page.locator('[data-part="toolbar"] button').evaluateAll((buttons) =>
      buttons
        .filter((button) => button.getBoundingClientRect().width > 0)
        .map((button) => ({
          name: button.getAttribute('aria-label') ?? button.textContent,
          width: button.getBoundingClientRect().width,
          height: button.getBoundingClientRect().height,
        })),
    );
    expect(sizes.length).toBeGreaterThan(4);
    expect(sizes.filter((size) => size.width < 44 || size.height < 44)).toEqual([]);
    const [toolbarHeight, scrollWidth, clientWidth] = await page
      .locator('[data-part="toolbar"]')
      .evaluate((toolbar) => [toolbar.getBoundingClientRect().height, toolbar.scrollWidth, toolbar.clientWidth]);
    expect(toolbarHeight).toBe(64);
    expect(scrollWidth).toBe(clientWidth);
    // No 8 px frame around the portal.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');

    // Issue 38. The footer scrolls with the page: none of the 768 px is kept for it.
    const footer = page.locator('[data-part="footer"]');
    expect(await footer.getAttribute('data-style')).toBe('static');
    expect(await footer.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    // The menu is a drawer over the content, not a 280 px column beside it: the page keeps the whole width.
    // (Not by its role: the open drawer is modal, the page behind it hidden from assistive technology.)
    const main = page.locator('main');
    const pageBox = (await main.boundingBox())!;
    expect(pageBox.x).toBe(0);
    // The whole width but a scroll bar's.
    expect(pageBox.width).toBeGreaterThanOrEqual(1024 - 20);
    expect(await page.locator('nav[data-folded]').count()).toBe(0);
    const cdp = await context.newCDPSession(page);
    const drawer = page.getByRole('dialog', { name: 'Navegación' });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await visible(drawer);
    await page.waitForTimeout(400); // the drawer's slide-in
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(280);
    // Over the page: the page is where it was, as wide (the drawer does not push it aside).
    const behind = (await main.boundingBox())!;
    expect(behind.x).toBe(0);
    expect(behind.width).toBeGreaterThanOrEqual(1024 - 20);
    // A tap outside it closes it.
    await page.touchscreen.tap(900, 400);
    await eventually(async () => expect(await drawer.count()).toBe(0));

    // Every menu label ends in an ellipsis where it is cut, and a long press shows its whole text without following it.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await visible(drawer);
    await page.waitForTimeout(400);
    const labels = await drawer.locator('[data-truncated-text]').evaluateAll((spans) =>
      spans.map((span) => {
        const style = getComputedStyle(span);
        return {
          text: span.textContent,
          cut: span.scrollWidth > span.clientWidth,
          ellipsis: style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap',
          // Within the menu: a label the panel's edge clips shows no ellipsis (an indented link once grew past it).
          inside: span.getBoundingClientRect().right <= span.closest('[role="dialog"]')!.getBoundingClientRect().right + 0.5,
        };
      }),
    );
    expect(labels.length).toBeGreaterThanOrEqual(5);
    expect(labels.filter((label) => !label.ellipsis)).toEqual([]);
    expect(labels.filter((label) => !label.inside)).toEqual([]);
    const cut = labels.find((label) => label.cut);
    expect(cut?.text).toBeTruthy();
    const label = drawer.locator('[data-truncated-text]', { hasText: cut!.text! }).first();
    const entry = label.locator('xpath=ancestor::*[self::a or self::button][1]');
    const expanded = await entry.getAttribute('aria-expanded');
    const path = new URL(page.url()).pathname;
    const box = (await label.boundingBox())!;
    await finger(cdp).hold(box.x + box.width / 2, box.y + box.height / 2);
    await eventually(async () => expect(await page.getByRole('tooltip').textContent()).toBe(cut!.text));
    expect(await entry.getAttribute('aria-expanded')).toBe(expanded);
    expect(new URL(page.url()).pathname).toBe(path);
    // Choosing a page closes it.
    await page.getByRole('button', { name: 'Producción ágil' }).click();
    await drawer.getByRole('link', { name: 'Líneas de extrusión' }).click();
    await onPath(page, '/apps/extrusion-line/all');
    await eventually(async () => expect(await drawer.count()).toBe(0));

    // The company's name and the search's placeholder: cut with an ellipsis, whole on focus (a tap focuses the search).
    const company = page.locator('[data-part="toolbar"] .fui-Dropdown [data-truncated-text]');
    expect(await company.evaluate((span) => getComputedStyle(span).textOverflow)).toBe('ellipsis');
    const search = page.getByRole('combobox', { name: 'Buscar' });
    const placeholder = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      return {
        ellipsis: style.textOverflow === 'ellipsis',
        cut: context.measureText(input.placeholder).width > input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        text: input.placeholder,
      };
    });
    expect(placeholder).toEqual({ ellipsis: true, cut: true, text: 'Busca una aplicación o página' });
    await search.tap();
    await eventually(async () => expect(await page.getByRole('tooltip').textContent()).toBe(placeholder.text));
  });

  it('on a phone the footer is one short static row, and the side button is a narrow tab whose space the content keeps', async () => {
    await setUserSettings(USER, { layout: { style: 'layout1', config: { footer: { style: 'fixed' } } }, language: 'es' });
    ({ context, page } = await newPage(browser));
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, USER);
    const footer = page.locator('[data-part="footer"]');
    expect(await footer.getAttribute('data-style')).toBe('static');
    expect((await footer.boundingBox())!.height).toBeLessThanOrEqual(48);
    const tab = (await page.getByRole('button', { name: 'Reporte de fallas y daños' }).boundingBox())!;
    expect(tab.width).toBeLessThanOrEqual(32);
    const main = (await page.getByRole('main').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { right: box.right - parseFloat(getComputedStyle(element).paddingRight) };
    }))!;
    expect(main.right).toBeLessThanOrEqual(tab.x + 0.5);
  });

  it("'Saltar al contenido' is the first thing the Tab key reaches, shows itself and moves the focus to the page's content", async () => {
    await setUserSettings(USER, { layout: { style: 'layout1' }, language: 'es' });
    ({ context, page } = await newPage(browser));
    await login(page, USER);
    await page.goto('/apps/extrusion-line');
    await visible(page.getByRole('main').getByText('Líneas de extrusión').first());
    const path = new URL(page.url()).pathname;
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(await reachable(page, '[data-part="skip-link"]')).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(new URL(page.url()).pathname).toBe(path);
  });

  // A 1280 px touch screen keeps the side menu (at 1024 it is a drawer: see above), and may fold it.
  it("folding the navbar on a touch screen leaves it open on the same user's desktop, and keeps it out of the profile", async () => {
    await setUserSettings(USER, { layout: { style: 'layout1' }, language: 'es' });
    context = await browser.newContext({ baseURL: process.env.PLANTA_E2E_BASE_URL, locale: 'es-ES', viewport: { width: 1280, height: 800 }, hasTouch: true });
    page = await context.newPage();
    await login(page, USER);
    const nav = page.getByRole('navigation').first();
    await page.getByRole('button', { name: 'Plegar menú' }).click();
    await page.mouse.move(1100, 600);
    await eventually(async () => expect(Math.round((await nav.boundingBox())!.width)).toBe(64));
    await page.reload();
    // Keep the pointer off the navbar: hovering a folded navbar opens it.
    await page.mouse.move(1100, 600);
    await eventually(async () => expect(Math.round((await nav.boundingBox())!.width)).toBe(64));
    await context.close();

    ({ context, page } = await newPage(browser));
    await login(page, USER);
    expect(Math.round((await page.getByRole('navigation').first().boundingBox())!.width)).toBe(280);
    const profile = (await storedUserSettings(USER)) as { layout?: { config?: { navbar?: { folded?: boolean } } } };
    expect(profile.layout?.config?.navbar?.folded).not.toBe(true);
  });
});
