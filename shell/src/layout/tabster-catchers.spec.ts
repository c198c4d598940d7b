import { keepTabsterCatchersOutOfTabOrder } from './tabster-catchers';

/** A focus catcher as tabster makes it (tabster's DummyInput). */
function catcher(): HTMLElement {
  const element = document.createElement('i');
  element.tabIndex = 0;
  element.setAttribute('data-tabster-dummy', '');
  element.setAttribute('aria-hidden', 'true');
  return element;
}

const mutationsDelivered = () => new Promise((done) => setTimeout(done, 0));

describe("tabster's focus catchers", () => {
  let stop: () => void;
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><button>a</button></div>';
    stop = keepTabsterCatchersOutOfTabOrder();
  });
  afterEach(() => stop());

  it("at <body>'s ends leave the tab order when added while no modal is open, and when tabster makes them tabbable again", async () => {
    const first = catcher();
    const last = catcher();
    document.body.prepend(first);
    document.body.append(last);
    await mutationsDelivered();
    expect([first.tabIndex, last.tabIndex]).toEqual([-1, -1]);
    first.tabIndex = 0;
    await mutationsDelivered();
    expect(first.tabIndex).toBe(-1);
  });

  it("at <body>'s ends are left as tabster sets them while a modal is open; a dialog's own are not touched", async () => {
    const first = catcher();
    document.body.prepend(first);
    await mutationsDelivered();
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    const inner = catcher();
    dialog.append(inner);
    document.body.append(dialog);
    first.tabIndex = 0;
    await mutationsDelivered();
    expect([first.tabIndex, inner.tabIndex]).toEqual([0, 0]);
  });

  it('of a tab list leave the tab order, and its tabs take a roving tabindex that follows the selection', async () => {
    document.getElementById('root')!.innerHTML =
      '<div role="tablist"><button role="tab" aria-selected="false">A</button><button role="tab" aria-selected="true">B</button></div>';
    const list = document.querySelector('[role="tablist"]')!;
    const [a, b] = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const first = catcher();
    list.prepend(first);
    await mutationsDelivered();
    expect([first.tabIndex, a.tabIndex, b.tabIndex]).toEqual([-1, -1, 0]);
    a.setAttribute('aria-selected', 'true');
    b.setAttribute('aria-selected', 'false');
    await mutationsDelivered();
    expect([a.tabIndex, b.tabIndex]).toEqual([0, -1]);
  });
});
