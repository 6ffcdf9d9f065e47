import { useEffect, useRef, useState } from 'react';

type JanelaComAudio = Window & { webkitAudioContext?: typeof AudioContext };
let contexto: AudioContext | null = null;

/** A short beep (~0.3 s) through the Web Audio API. Browsers may block audio before a user gesture: then it is silent. */
export function tocarAlarme(duracaoS = 0.3) {
  try {
    const Contexto = window.AudioContext ?? (window as JanelaComAudio).webkitAudioContext;
    if (!Contexto) return;
    contexto ??= new Contexto();
    if (contexto.state === 'suspended') void contexto.resume().catch(() => undefined);
    const t = contexto.currentTime;
    const oscilador = contexto.createOscillator();
    const ganho = contexto.createGain();
    oscilador.type = 'square';
    oscilador.frequency.setValueAtTime(880, t);
    ganho.gain.setValueAtTime(0.0001, t);
    ganho.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
    ganho.gain.exponentialRampToValueAtTime(0.0001, t + duracaoS);
    oscilador.connect(ganho).connect(contexto.destination);
    oscilador.start(t);
    oscilador.stop(t + duracaoS);
  } catch {
    // Autoplay blocked or no audio device: the visual update is enough.
  }
}

/**
 * Plays the alarm whenever `valores` changes after its first load, and returns how many times it rang
 * (exposed as `data-alarmes` so browser tests can tell that it fired).
 */
export function useAlarmeAoMudar(valores: object | undefined, tocar: () => void = tocarAlarme): number {
  const anterior = useRef<string | null>(null);
  const [alarmes, setAlarmes] = useState(0);
  useEffect(() => {
    if (!valores) return;
    const atual = JSON.stringify(valores);
    if (anterior.current !== null && anterior.current !== atual) {
      tocar();
      setAlarmes((n) => n + 1);
    }
    anterior.current = atual;
  }, [valores, tocar]);
  return alarmes;
}
