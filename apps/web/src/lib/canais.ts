/** Names shown to users for each channel (Na Pista is `meucarronovo` internally); the contract is the single source. */
export { ROTULO_CANAL } from '@intermedio/contracts';
