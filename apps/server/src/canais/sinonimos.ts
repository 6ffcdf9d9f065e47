/**
 * The one place for names that differ between the product (FIPE, the optionals catalogue) and the channels' catalogues
 * (issue 23 item 10). Each group lists spellings of one thing; names are compared by `nomeCanonico` (no accents, case
 * or punctuation), so "Mercedes-Benz" also covers "MERCEDES BENZ". Add a spelling to its group, or a new group.
 */

/** Brands: FIPE writes "GM - Chevrolet" and "VW - VolksWagen", iCarros "GM - Chevrolet", OLX "VW - VOLKSWAGEN"… */
export const MARCAS_EQUIVALENTES: readonly (readonly string[])[] = [
  ['Chevrolet', 'GM', 'GM - Chevrolet', 'General Motors', 'Chevrolet (GM)'],
  ['Volkswagen', 'VW', 'VW - Volkswagen', 'Volks'],
  ['Mercedes-Benz', 'Mercedes', 'MB', 'M. Benz', 'M.Benz', 'Mercedes Benz'],
  ['Citroën', 'Citroen'],
  ['Land Rover', 'LR', 'Land-Rover'],
  ['Caoa Chery', 'Chery', 'Caoa Chery/Chery', 'Chery (Caoa)'],
  ['RAM', 'Dodge RAM', 'Dodge - RAM', 'RAM (Dodge)'],
  ['Harley-Davidson', 'Harley', 'H-D', 'HD'],
  ['Great Wall', 'GWM', 'Great Wall Motors', 'GWM - Great Wall'],
  ['JAC', 'JAC Motors'],
  ['Kia', 'Kia Motors'],
  ['Hyundai', 'Caoa Hyundai', 'Hyundai Motor'],
  ['Effa', 'Effa Motors'],
  ['Mini', 'BMW Mini'],
  ['Alfa Romeo', 'Alfa'],
  ['Royal Enfield', 'Enfield'],
];

/** Optionals: the product's catalogue says "Central multimídia", Webmotors "Multimídia", the portals "Air bag"… */
export const OPCIONAIS_EQUIVALENTES: readonly (readonly string[])[] = [
  ['Central multimídia', 'Multimídia', 'Kit multimídia', 'Sistema multimídia', 'Som multimídia'],
  ['Airbag', 'Air bag', 'Airbags', 'Air bags'],
  ['Freios ABS', 'Freio ABS', 'ABS', 'Freios com ABS'],
  ['Câmera de ré', 'Câmera de marcha ré', 'Câmera traseira', 'Câmera de estacionamento'],
  ['Sensor de estacionamento', 'Sensor de ré', 'Sensor de estacionamento traseiro', 'Sensores de estacionamento'],
  ['Bancos de couro', 'Banco de couro', 'Bancos em couro'],
  ['Rodas de liga leve', 'Roda de liga leve', 'Rodas liga leve'],
  ['Vidros elétricos', 'Vidro elétrico'],
  ['Travas elétricas', 'Trava elétrica', 'Travamento elétrico', 'Travas elétricas das portas'],
  ['Alarme', 'Alarme antifurto'],
  ['Piloto automático', 'Controle automático de velocidade', 'Controle de cruzeiro', 'Controle de velocidade de cruzeiro'],
  ['Teto solar', 'Teto solar elétrico'],
];
