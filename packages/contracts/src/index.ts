export * from './auth.ts';
export * from './campos.ts';
export * from './comum.ts';
export * from './dashboard.ts';
export * from './eventos.ts';
export * from './mensagens.ts';
export * from './revenda.ts';
export * from './usuario.ts';
