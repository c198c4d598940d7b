import type { auth as es } from '../es/auth';
import type { BundleShape } from '../types';

export const auth: BundleShape<typeof es> = {
  login: {
    title: 'SIGN IN TO YOUR ACCOUNT',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'SIGN IN',
    noAccount: "Don't have an account?",
    register: 'Sign up',
    logoAlt: 'Planta logo',
    description: 'Your reliable, productive and transparent ally in running the extrusion plant.',
    detail: 'Production, maintenance and the die shop in one place, with up-to-date information for every shift.',
  },
  register: {
    title: 'Create your account',
    tabs: {
      jwt: 'Email and password',
      firebase: 'Google account',
      auth0: 'Company sign-in (SSO)',
    },
    displayName: 'Display name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    companyName: 'Company name',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    toLogin: 'Sign in',
    toDashboard: 'Go to the dashboard',
    providerNotConfigured: 'This way of signing up is not set up in this installation. Use “{{fallback}}” or ask an administrator for an account.',
    success: 'Your account was created',
    closed: "Registering new companies is closed on this installation. Ask your company's administrator for an account.",
    invitation: 'Invitation code',
  },
  logout: {
    message: 'Signing out...',
    done: 'Signed out',
  },
  changePassword: {
    title: 'Change your password',
    explanation: 'You signed in with a temporary password. Choose a new one to continue.',
    current: 'Current password (the temporary one)',
    new: 'New password',
    confirm: 'Confirm the new password',
    submit: 'Change password',
    done: 'Your password was changed',
    signOut: 'Sign out',
  },
  callback: {
    providerNotConfigured: 'Sign-in with an external provider is not configured in this installation.',
    message: 'Checking your access...',
  },
};
