import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { companies, companiesAtom } from '@planta/session';

/**
 * The companies the signed-in user may choose (GET company/all), loaded once per sign-in and
 * company switch into the session: the toolbar's selector lists them, and the current company's
 * currency (companyCurrencyAtom) is the one every sum of money is shown in, whether the toolbar
 * is shown or not.
 */
export function useCompanyList(signedIn: boolean, companyId: number): void {
  const setCompanies = useSetAtom(companiesAtom);
  useEffect(() => {
    if (!signedIn) {
      setCompanies([]);
      return;
    }
    let alive = true;
    companies()
      .then((found) => alive && setCompanies(found))
      .catch(() => alive && setCompanies([]));
    return () => {
      alive = false;
    };
  }, [signedIn, companyId, setCompanies]);
}
