// The help feature's public entry: what layouts may use.
export { HelpButton, type HelpTooltip } from './components/HelpButton';
