import classes from './PularParaConteudo.module.css';

/** "Pular para o conteúdo": the first thing Tab reaches; hidden until focused (WCAG 2.4.1). */
export function PularParaConteudo() {
  return (
    <a href="#conteudo" className={classes.link}>
      Pular para o conteúdo
    </a>
  );
}
