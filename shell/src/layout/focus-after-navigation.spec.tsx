import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { useFocusAfterNavigation } from './focus-after-navigation';

// Each page its own component, as the portal's pages are: React does not reuse one's elements for another.
function List() {
  const navigate = useNavigate();
  return (
    <section>
      <h1>Máquinas</h1>
      <button onClick={() => navigate('/detail')}>Abrir</button>
    </section>
  );
}

function Detail() {
  const navigate = useNavigate();
  return (
    <section>
      <h1>Máquina Prensa 1</h1>
      <button onClick={() => navigate('/list')}>Volver</button>
    </section>
  );
}

function Form() {
  return (
    <form>
      <h1>Nueva máquina</h1>
      <input aria-label="Nombre" autoFocus />
    </form>
  );
}

function Frame() {
  useFocusAfterNavigation();
  return (
    <main>
      <Routes>
        <Route path="/list" element={<List />} />
        <Route path="/detail" element={<Detail />} />
        <Route path="/form" element={<Form />} />
      </Routes>
    </main>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Frame />
    </MemoryRouter>,
  );

/** Enter on a button, as the keyboard does it: a keydown, then the click it activates. */
function pressEnterOn(element: HTMLElement) {
  element.focus();
  fireEvent.keyDown(element, { key: 'Enter' });
  fireEvent.click(element);
}

describe('the focus after a page change (issue 17, keyboard)', () => {
  // Each test starts as after a click: no keyboard action yet.
  beforeEach(() => fireEvent.pointerDown(document.body));

  it("moves to the new page's title when Enter took the user there and the focused element went with the old page", () => {
    renderAt('/list');
    act(() => pressEnterOn(screen.getByRole('button', { name: 'Abrir' })));
    const title = screen.getByRole('heading', { name: 'Máquina Prensa 1' });
    expect(document.activeElement).toBe(title);
    // Focusable by script only: the title does not join the Tab order.
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus alone after a pointer navigation', () => {
    renderAt('/list');
    const open = screen.getByRole('button', { name: 'Abrir' });
    act(() => {
      fireEvent.pointerDown(open);
      fireEvent.click(open);
    });
    expect(screen.getByRole('heading', { name: 'Máquina Prensa 1' })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('on the first page shown, leaves a field the page focuses itself alone', () => {
    fireEvent.keyDown(document.body, { key: 'Enter' });
    renderAt('/form');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nombre' }));
  });
});
