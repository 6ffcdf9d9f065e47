import { describe, expect, it } from 'vitest';
import { veiculoPostAutoline } from './autoline.ts';
import { postAutoscar, veiculoPostCarroAutoscar, veiculoPostMotoAutoscar } from './autoscar.ts';

const erros = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const comum = { city: 'Belo Horizonte', state: 'MG', modelId: '35001', fuelType: '41', color: '54', bodyStyle: '61', transmission: '71' };

describe('Autoscar veiculo_post (spec 3 §3.3, §5)', () => {
  it('car: requires brand/version, city, UF, fuel, colour, type, gearbox and doors; status always 1; upper case', () => {
    expect(erros(veiculoPostCarroAutoscar.safeParse({ plate: '' }))).toMatchObject({
      city: 'Preenchimento obrigatório',
      state: 'Preenchimento obrigatório',
      modelId: 'Preenchimento obrigatório',
      fuelType: 'Preenchimento obrigatório',
      color: 'Preenchimento obrigatório',
      bodyStyle: 'Preenchimento obrigatório',
      transmission: 'Preenchimento obrigatório',
      ports: 'Preenchimento obrigatório',
    });
    const ok = veiculoPostCarroAutoscar.parse({ ...comum, ports: 4, plate: 'abc1d23' });
    expect(ok).toMatchObject({ city: 'BELO HORIZONTE', plate: 'ABC1D23', status: '1', optionals: [], description: '' });
    expect(erros(veiculoPostCarroAutoscar.safeParse({ ...comum, ports: 3 }))).toEqual({ ports: 'Opção inválida' });
  });

  it('motorcycle: start type, cooling type, gears 0–7 and engine text required, engine upper case, no doors', () => {
    expect(erros(veiculoPostMotoAutoscar.safeParse(comum))).toEqual({
      matchType: 'Preenchimento obrigatório',
      coolingType: 'Preenchimento obrigatório',
      marches: 'Preenchimento obrigatório',
      motor: 'Preenchimento obrigatório',
    });
    const moto = { ...comum, matchType: '91', coolingType: '96', marches: 5, motor: '160 cc' };
    expect(veiculoPostMotoAutoscar.parse(moto).motor).toBe('160 CC');
    expect(erros(veiculoPostMotoAutoscar.safeParse({ ...moto, marches: 8 }))).toEqual({ marches: 'Opção inválida' });
    expect(veiculoPostMotoAutoscar.safeParse({ ...moto, ports: 2 }).success).toBe(false);
  });

  it('the route schema takes either shape, field by field', () => {
    expect(postAutoscar.safeParse({ ...comum, ports: 2 }).success).toBe(true);
    expect(postAutoscar.safeParse({ ...comum, matchType: '91', coolingType: '96', marches: 0, motor: '50' }).success).toBe(true);
    expect(erros(postAutoscar.safeParse(comum))).toEqual({ ports: 'Preenchimento obrigatório' });
    expect(erros(postAutoscar.safeParse({ ...comum, motor: '125', ports: 2 }))).toEqual({
      matchType: 'Preenchimento obrigatório',
      coolingType: 'Preenchimento obrigatório',
      marches: 'Preenchimento obrigatório',
      ports: 'Motos não têm portas.',
    });
    expect(postAutoscar.safeParse({ ...comum, ports: 2, status: '0' }).success).toBe(false);
  });
});

describe('Autoline veiculo_post (spec 3 §3.6, §5)', () => {
  it('requires brand, model, version, fuel, colour, doors, body type and gearbox; flags 0/1 default 0', () => {
    expect(Object.keys(erros(veiculoPostAutoline.safeParse({}))).sort()).toEqual(
      ['BodyTypeId', 'ColorId', 'DoorNumberId', 'FuelTypeId', 'MakeId', 'ModelId', 'ModelVersionId', 'TransmissionId'].sort(),
    );
    const ids = {
      MakeId: '1',
      ModelId: '2',
      ModelVersionId: '3',
      FuelTypeId: '4',
      ColorId: '5',
      DoorNumberId: '6',
      BodyTypeId: '7',
      TransmissionId: '8',
    };
    const p = veiculoPostAutoline.parse({ ...ids, IsArmored: 1, RegistrationPlate: 'abc-1d23' });
    expect(p).toMatchObject({ IsArmored: 1, IsSwapNotAccepted: 0, RegistrationPlate: 'ABC1D23', Features: [] });
    expect(veiculoPostAutoline.safeParse({ ...ids, IsArmored: 2 }).success).toBe(false);
  });
});
