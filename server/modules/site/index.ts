export { recordInstallation } from './site-settings.repository.ts';
