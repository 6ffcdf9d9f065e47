/**
 * On a submit that validation refuses, moves the focus to the form's first invalid field (WCAG 3.3.1), for every
 * form of the app at once: the forms' `onSubmit` handlers flag fields with aria-invalid during the submit event,
 * so right after it the first flagged field is known. A valid submit flags nothing and the focus stays.
 */
export function focarPrimeiroInvalidoAoEnviar(doc: Document = document): () => void {
  const aoEnviar = (evento: Event) => {
    const form = evento.target;
    if (!(form instanceof HTMLFormElement)) return;
    setTimeout(() => {
      const invalido = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalido && !invalido.contains(doc.activeElement)) invalido.focus();
    }, 0);
  };
  doc.addEventListener('submit', aoEnviar);
  return () => doc.removeEventListener('submit', aoEnviar);
}
