import { ApiError } from '@/lib/api';

/**
 * Downloads a stored file under its own name: fetched as a blob (the `download` attribute alone is ignored for
 * addresses on another origin, such as an object store), then saved through a temporary link.
 */
export async function baixarArquivo(url: string, nome: string) {
  const r = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  if (!r?.ok) throw new ApiError(r?.status ?? 0, 'Não foi possível baixar o arquivo.');
  const blob = await r.blob();
  const endereco = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = endereco;
  link.download = nome;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(endereco), 10_000);
}
