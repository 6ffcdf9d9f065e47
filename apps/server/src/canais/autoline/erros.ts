import { FLAGS_AUTOLINE } from '@intermedio/contracts';

/** Autoline's field names (spec 3 §3.6) with the labels of the panel's screen, so a refusal names what the user sees. */
export const ROTULOS_CAMPOS_AUTOLINE: Record<string, string> = {
  MakeId: 'Marca',
  ModelId: 'Modelo',
  ModelVersionId: 'Versão',
  FuelTypeId: 'Combustível',
  ColorId: 'Cor',
  DoorNumberId: 'Portas',
  BodyTypeId: 'Carroceria',
  TransmissionId: 'Câmbio',
  RegistrationPlate: 'Placa',
  AdditionalInformation: 'Informações adicionais',
  Features: 'Opcionais',
  Price: 'Preço',
  ModelYear: 'Ano do modelo',
  BuiltYear: 'Ano de fabricação',
  Odometer: 'Quilometragem',
  IsZeroKm: '0 km',
  ZipCode: 'CEP',
  AdPlanSubscriptionId: 'Plano de anúncios',
  ...FLAGS_AUTOLINE,
};

const NOMES = new RegExp(
  `\\b(${Object.keys(ROTULOS_CAMPOS_AUTOLINE)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b`,
  'g',
);

/** "ColorId inválido; AdditionalInformation recusado" → "Cor inválido; Informações adicionais recusado". */
export const comRotulosAutoline = (texto: string) => texto.replace(NOMES, (nome) => ROTULOS_CAMPOS_AUTOLINE[nome] ?? nome);
