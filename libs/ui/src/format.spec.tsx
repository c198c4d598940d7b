import '../testing/jsdom.setup';
import { render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@planta/i18n';
import { companiesAtom, userAtom, createDefaultUser } from '@planta/session';
import { useFormat } from './format';

function Cost({ value }: { value: number }) {
  return <p>{useFormat().money(value)}</p>;
}

describe('money in the company’s currency', () => {
  it('shows amounts in the currency of the company the user works in, euros until it is known', () => {
    const store = createStore();
    const user = createDefaultUser();
    store.set(userAtom, { ...user, role: ['admin'], data: { ...user.data, company_id: 2, companyId: 2 } });
    const view = (
      <Provider store={store}>
        <I18nextProvider i18n={createI18n('es')}>
          <Cost value={5907} />
        </I18nextProvider>
      </Provider>
    );
    const { rerender } = render(view);
    expect(screen.getByText(/^5\.907\s€$/)).toBeTruthy();
    store.set(companiesAtom, [
      { id: 1, name: 'Extrusiones del Norte', currency: 'EUR' },
      { id: 2, name: 'Aluminios Andinos', currency: 'USD' },
    ]);
    rerender(view);
    expect(screen.getByText(/^5\.907\sUS\$$/)).toBeTruthy();
  });
});
