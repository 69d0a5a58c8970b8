// The notifications feature's public entry: what layouts may use.
export { NotificationsMenu } from './components/NotificationsMenu';
