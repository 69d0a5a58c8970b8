// The customizer feature's public entry: what layouts may use.
export { CustomizerButton } from './components/CustomizerButton';
