/** Paths shown in the 430x580 authorisation popup: signed-in screens without the menu layout. */
export const CAMINHOS_JANELA: ReadonlySet<string> = new Set(['/integracao/configurar-facebook', '/integracao/configurar-instagram']);
