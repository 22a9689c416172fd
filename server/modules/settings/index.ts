// The settings module's public surface: what other modules may use (decision 039).
export { claimSetting, getOrCreateSetting, readSetting } from './settings.repository';
