import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { arquivoDe } from '@/test/utils';
import { type FotoBasica, UploadFotos } from './UploadFotos';

describe('UploadFotos: the 15 MB photo limit in the browser (issue 23 item 20)', () => {
  it('says "até 15 MB" at the button, refuses a larger photo at once with the server message and sends the others', async () => {
    const enviar = vi.fn(async (a: File): Promise<FotoBasica> => ({ fileName: a.name, fileUrl: `/arquivos/${a.name}` }));
    const aoMudar = vi.fn();
    const { container } = render(
      <MantineProvider>
        <UploadFotos rotulo="Adicionar fotos" fotos={[]} aoMudar={aoMudar} enviar={enviar} />
      </MantineProvider>,
    );
    expect(screen.getByText(/JPEG, PNG ou WebP até 15 MB/)).toBeInTheDocument();
    const entrada = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(entrada, {
      target: { files: [arquivoDe('grande.jpg', 27), arquivoDe('pequena.jpg', 2), arquivoDe('limite.jpg', 15)] },
    });
    expect(await screen.findByText('grande.jpg: A imagem deve ter no máximo 15 MB.')).toBeInTheDocument();
    await waitFor(() => expect(aoMudar).toHaveBeenCalled());
    expect(enviar.mock.calls.map(([a]) => a.name)).toEqual(['pequena.jpg', 'limite.jpg']);
    expect(aoMudar.mock.lastCall?.[0].map((f: FotoBasica) => f.fileName)).toEqual(['pequena.jpg', 'limite.jpg']);
  });
});
