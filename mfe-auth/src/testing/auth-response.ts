/** What POST auth/login and auth/register answer on success. */
export function authResponse(email = 'ana@planta.test') {
  return {
    access_token: 'header.payload.signature',
    user: {
      uuid: 'u-1',
      uid: 'u-1',
      from: 'api',
      role: ['admin'],
      data: {
        id: 1,
        company_id: 1,
        companyId: 1,
        displayName: 'Ana Pérez',
        position: null,
        photoURL: null,
        email,
        settings: {},
        shortcuts: [],
      },
    },
  };
}
