// The help feature's public entry: what layouts may use.
export { HelpButton } from './components/HelpButton';
