import { keepTabsterRootCatchersOutOfTabOrder } from './tabster-root-catchers';

/** A focus catcher as tabster makes it (tabster's DummyInput). */
function catcher(): HTMLElement {
  const element = document.createElement('i');
  element.tabIndex = 0;
  element.setAttribute('data-tabster-dummy', '');
  element.setAttribute('aria-hidden', 'true');
  return element;
}

const mutationsDelivered = () => new Promise((done) => setTimeout(done, 0));

describe("tabster's focus catchers at the ends of <body>", () => {
  let stop: () => void;
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><button>a</button></div>';
    stop = keepTabsterRootCatchersOutOfTabOrder();
  });
  afterEach(() => stop());

  it('leave the tab order when added while no modal is open, and when tabster makes them tabbable again', async () => {
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

  it('are left as tabster sets them while a modal is open, and a catcher inside the page is not touched', async () => {
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
});
