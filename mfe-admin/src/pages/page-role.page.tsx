import { landingFor } from './landing.page';

// Replaced by the screen itself (issue 11, in progress).
export default landingFor('page-roles');
