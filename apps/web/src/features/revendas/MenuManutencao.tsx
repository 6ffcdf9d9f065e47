import { enderecoDoSite, type RevendaLinha } from '@intermedio/contracts';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { rotas } from '@/lib/rotas';
import type { AcaoBloqueio } from './api';

type ItemInterno = { rotulo: string; para: (idRevenda: string) => string; soPagos?: boolean };

/** Internal entries of the Manutenção menu, in the spec's order (spec 1 §2). Banners and Vendidos: paid plans only. */
export const ITENS_MANUTENCAO: ItemInterno[] = [
  { rotulo: 'Usuários', para: rotas.revenda.usuarios.listar },
  { rotulo: 'Veículos', para: rotas.revenda.veiculos.listar },
  { rotulo: 'Banners', para: rotas.revenda.banners.listar, soPagos: true },
  { rotulo: 'Vendidos', para: rotas.revenda.vendidos.listar, soPagos: true },
  { rotulo: 'Integrações', para: rotas.revenda.integracao },
  { rotulo: 'Imagens destaque', para: rotas.revenda.imagemDestaque.listar },
  { rotulo: 'Banner site', para: rotas.revenda.bannerSite.listar },
  { rotulo: 'Histórico', para: rotas.revenda.veiculos.historico },
  { rotulo: 'Notificações', para: rotas.revenda.notificacoes.listar },
  { rotulo: 'Alterar', para: rotas.revenda.alterar },
  { rotulo: 'Excluir', para: rotas.revenda.excluir },
];

/** An external link of the session (Solicitações, Loc. anúncio, Atualizar dados), narrowed to one reseller (`id_revenda`). */
export function solicitacoesDaRevenda(linkDaSessao: string, idRevenda: string): string {
  try {
    const url = new URL(linkDaSessao);
    url.searchParams.set('id_revenda', idRevenda);
    return url.toString();
  } catch {
    return linkDaSessao;
  }
}

type Props = {
  linha: RevendaLinha;
  basico: boolean;
  solicitacoesUrl: string;
  linksExternos: { locAnuncio: string; atualizarDados: string };
  aoBloquear: (linha: RevendaLinha, acao: AcaoBloqueio) => void;
};

/** Actions menu of one reseller row. */
export function MenuManutencao({ linha, basico, solicitacoesUrl, linksExternos, aoBloquear }: Props) {
  const site = enderecoDoSite(linha.pehomepage);
  const algumAtivo = linha.usuarios_bloqueados < linha.usuarios_total;
  const algumBloqueado = linha.usuarios_bloqueados > 0;
  const externo = {
    component: 'a',
    target: '_blank',
    rel: 'noopener noreferrer',
    rightSection: <IconExternalLink size={14} aria-hidden />,
  } as const;
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <Button
          variant="light"
          size="compact-sm"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Manutenção: ${linha.penome_fantasia}`}
        >
          Manutenção
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ITENS_MANUTENCAO.filter((i) => !(basico && i.soPagos)).map((i) => (
          <Menu.Item key={i.rotulo} component={Link} to={i.para(linha.id)}>
            {i.rotulo}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>Links externos</Menu.Label>
        {site ? (
          <Menu.Item {...externo} href={site}>
            Site
          </Menu.Item>
        ) : (
          <Menu.Item disabled>Site</Menu.Item>
        )}
        <Menu.Item {...externo} href={solicitacoesDaRevenda(linksExternos.locAnuncio, linha.id)}>
          Loc. anúncio
        </Menu.Item>
        <Menu.Item {...externo} href={solicitacoesDaRevenda(linksExternos.atualizarDados, linha.id)}>
          Atualizar dados
        </Menu.Item>
        <Menu.Item {...externo} href={solicitacoesDaRevenda(solicitacoesUrl, linha.id)}>
          Solicitações
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Administração</Menu.Label>
        {algumAtivo && (
          <Menu.Item color="red.9" onClick={() => aoBloquear(linha, { alvo: 'usuarios', ativo: 0 })}>
            Bloquear acesso dos usuários
          </Menu.Item>
        )}
        {algumBloqueado && (
          <Menu.Item onClick={() => aoBloquear(linha, { alvo: 'usuarios', ativo: 1 })}>Liberar acesso dos usuários</Menu.Item>
        )}
        {linha.ativo === 1 ? (
          <Menu.Item color="red.9" onClick={() => aoBloquear(linha, { alvo: 'site', ativo: 0 })}>
            Bloquear site
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => aoBloquear(linha, { alvo: 'site', ativo: 1 })}>Liberar site</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
