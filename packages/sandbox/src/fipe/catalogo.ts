/**
 * Reference catalogue of the FIPE sandbox: the makes and models most sold in Brazil, with their usual versions.
 * It is written as plain text tables (below) and expanded in code (gerador.ts) into the FIPE shape: one FIPE
 * "model" per version (the model's name followed by the version's), one price per model year, FIPE codes in the
 * 001234-5 format.
 *
 * Prices are plausible, not official: each version carries its approximate price as new today, in thousands of
 * reais, and older model years depreciate from it. Brand codes, model ids and FIPE codes are the sandbox's own.
 *
 * Table format, one line per entry, nesting by indentation:
 *   Brand | brand code | first 3 digits of its FIPE codes
 *     Model | first-last model year
 *       Version | price as new (R$ thousand) [| first-last year, when it differs from the model's: "2020-", "-2022", "2018-2020"]
 * The fuel comes from the version's name: "Diesel", "Elétrico" and "Híbrido" say so; anything else is Gasolina
 * (as FIPE lists flex-fuel cars).
 */

export type VersaoRef = readonly [nome: string, milReais: number, de?: number, ate?: number];
export type ModeloRef = readonly [nome: string, de: number, ate: number, versoes: readonly VersaoRef[]];
export type MarcaRef = {
  codigo: string;
  nome: string;
  /** First three digits of this brand's FIPE codes. */
  prefixo: string;
  modelos: readonly ModeloRef[];
};
export type TipoApi = 'cars' | 'motorcycles' | 'trucks';

const CARROS = `
Fiat | 21 | 001
  Mobi | 2017-2026
    Like 1.0 Fire Flex 5p. | 76
    Trekking 1.0 Fire Flex 5p. | 81
  Argo | 2018-2026
    1.0 6V Flex 5p Mec. | 89
    Drive 1.0 6V Flex 5p Mec. | 96
    Drive 1.3 8V Flex 5p CVT | 108 | 2020-
    Trekking 1.3 8V Flex 5p CVT | 113
    HGT 1.8 16V Flex 5p Aut. | 102 | 2018-2020
  Cronos | 2019-2026
    Drive 1.0 6V Flex 4p Mec. | 99
    Drive 1.3 8V Flex 4p CVT | 112
    Precision 1.3 8V Flex 4p CVT | 119
    Precision 1.8 16V Flex 4p Aut. | 98 | 2019-2021
  Strada | 2015-2026
    Working 1.4 8V Flex CS | 78 | 2015-2020
    Endurance 1.3 8V Flex CS | 107 | 2021-
    Freedom 1.3 8V Flex CD | 119 | 2021-
    Volcano 1.3 8V Flex CD CVT | 134 | 2021-
    Ranch 1.0 Turbo 200 Flex CD CVT | 142 | 2023-
    Adventure 1.8 16V Flex CD | 82 | 2015-2020
  Toro | 2017-2026
    Freedom 1.8 16V Flex Aut. | 112 | 2017-2021
    Volcano 2.0 16V 4x4 Diesel Aut. | 205 | 2017-2021
    Endurance 1.3 T270 Flex Aut. | 156 | 2022-
    Freedom 1.3 T270 Flex Aut. | 168 | 2022-
    Volcano 1.3 T270 Flex Aut. | 183 | 2022-
    Volcano 2.2 TDI 4x4 Diesel Aut. | 219 | 2022-
    Ranch 2.2 TDI 4x4 Diesel Aut. | 229 | 2022-
  Pulse | 2022-2026
    Drive 1.3 8V Flex Mec. | 104
    Drive 1.0 Turbo 200 Flex CVT | 119
    Audace 1.0 Turbo 200 Flex CVT | 127
    Impetus 1.0 Turbo 200 Flex CVT | 135
    Abarth 1.3 Turbo 270 Flex Aut. | 154 | 2023-
  Fastback | 2023-2026
    Audace 1.0 Turbo 200 Flex CVT | 136
    Impetus 1.0 Turbo 200 Flex CVT | 146
    Limited Edition 1.3 Turbo 270 Flex Aut. | 162
    Abarth 1.3 Turbo 270 Flex Aut. | 167 | 2024-
  Uno | 2015-2021
    Attractive 1.0 Fire Flex 5p. | 66
    Way 1.0 Fire Flex 5p. | 69
    Drive 1.0 Firefly Flex 5p. | 71 | 2017-
  Fiorino | 2015-2026
    Furgão 1.4 Flex | 99
    Endurance 1.4 Evo Flex | 106 | 2021-
  Titano | 2025-2026
    Endurance 2.2 TDI 4x4 Diesel Mec. | 219
    Volcano 2.2 TDI 4x4 Diesel Aut. | 258
    Ranch 2.2 TDI 4x4 Diesel Aut. | 271
VW - VolksWagen | 59 | 005
  Gol | 2015-2023
    1.0 12V MPI Flex 5p. | 79
    Track 1.0 12V Flex 5p. | 83 | 2015-2017
    1.6 MSI Flex 8V 5p. | 86
  Voyage | 2015-2023
    1.0 12V MPI Flex 4p. | 84
    1.6 MSI Flex 8V 4p. | 90
  Up! | 2015-2021
    Take 1.0 12V Flex 3p. | 62
    Move 1.0 12V Flex 5p. | 68
    TSI Cross 1.0 12V Flex 5p. | 82 | 2016-
  Fox | 2015-2021
    Connect 1.6 MSI Flex 5p. | 77 | 2018-
    Comfortline 1.6 MSI Flex 5p. | 74
    Xtreme 1.6 MSI Flex 5p. | 80 | 2018-
  Polo | 2018-2026
    1.0 MPI Flex Mec. | 96
    Track 1.0 MPI Flex Mec. | 93 | 2024-
    Comfortline 200 TSI 1.0 Flex Aut. | 116 | 2018-2023
    Highline 200 TSI 1.0 Flex Aut. | 128
    GTS 1.4 250 TSI Flex Aut. | 152 | 2020-
  Virtus | 2018-2026
    1.0 TSI Flex Aut. | 124
    Comfortline 200 TSI Flex Aut. | 131
    Highline 200 TSI Flex Aut. | 141
    Exclusive 250 TSI Flex Aut. | 162 | 2023-
    GTS 1.4 250 TSI Flex Aut. | 166 | 2020-2022
  T-Cross | 2020-2026
    Sense 200 TSI 1.0 Flex Mec. | 128 | 2020-2022
    200 TSI 1.0 Flex Aut. | 142
    Comfortline 200 TSI 1.0 Flex Aut. | 156
    Highline 250 TSI 1.4 Flex Aut. | 176
    Extreme 250 TSI 1.4 Flex Aut. | 181 | 2025-
  Nivus | 2021-2026
    Comfortline 200 TSI 1.0 Flex Aut. | 141
    Highline 200 TSI 1.0 Flex Aut. | 156
    GTS 1.4 250 TSI Flex Aut. | 176 | 2025-
  Saveiro | 2015-2026
    Robust 1.6 MSI Flex CS | 101
    Trendline 1.6 MSI Flex CS | 96 | 2015-2022
    Extreme 1.6 MSI Flex CD | 123 | 2023-
    Highline 1.6 MSI Flex CD | 112 | 2015-2022
  Amarok | 2015-2026
    SE 2.0 TDI 4x4 CD Diesel Mec. | 212 | 2015-2019
    Comfortline 2.0 TDI 4x4 CD Diesel Aut. | 262
    Highline V6 3.0 TDI 4x4 CD Diesel Aut. | 332 | 2018-
    Extreme V6 3.0 TDI 4x4 CD Diesel Aut. | 362 | 2020-
  Taos | 2022-2026
    Comfortline 250 TSI 1.4 Flex Aut. | 196
    Highline 250 TSI 1.4 Flex Aut. | 216
  Jetta | 2015-2026
    Comfortline 250 TSI 1.4 Flex Aut. | 168 | 2019-2022
    R-Line 250 TSI 1.4 Flex Aut. | 178 | 2019-2022
    GLI 2.0 350 TSI Aut. | 232 | 2019-
  Tera | 2025-2026
    1.0 MPI Flex Mec. | 104
    Comfort 1.0 TSI Flex Aut. | 126
    High 1.0 TSI Flex Aut. | 141
GM - Chevrolet | 23 | 004
  Onix | 2015-2026
    LT 1.4 8V Flex 5p Mec. | 76 | 2015-2019
    Joy 1.0 8V Flex 5p Mec. | 68 | 2017-2020
    1.0 12V Flex 5p Mec. | 92 | 2020-
    LT 1.0 Turbo Flex 5p Aut. | 112 | 2020-
    LTZ 1.0 Turbo Flex 5p Aut. | 118 | 2020-
    Premier 1.0 Turbo Flex 5p Aut. | 124 | 2020-
    RS 1.0 Turbo Flex 5p Aut. | 121 | 2022-
  Onix Plus | 2020-2026
    1.0 12V Flex 4p Mec. | 101
    LT 1.0 Turbo Flex 4p Aut. | 116
    LTZ 1.0 Turbo Flex 4p Aut. | 122
    Premier 1.0 Turbo Flex 4p Aut. | 129
  Prisma | 2015-2019
    LT 1.4 8V Flex 4p Mec. | 78
    LTZ 1.4 8V Flex 4p Aut. | 84
  Tracker | 2017-2026
    LTZ 1.4 Turbo Flex Aut. | 128 | 2017-2020
    1.0 Turbo Flex Mec. | 121 | 2021-
    LT 1.0 Turbo Flex Aut. | 136 | 2021-
    Premier 1.2 Turbo Flex Aut. | 161 | 2021-
    RS 1.2 Turbo Flex Aut. | 166 | 2025-
  S10 | 2015-2026
    LS 2.8 4x4 CD Diesel Mec. | 241
    LT 2.8 4x4 CD Diesel Aut. | 272
    LTZ 2.8 4x4 CD Diesel Aut. | 296
    High Country 2.8 4x4 CD Diesel Aut. | 322 | 2017-
    Z71 2.8 4x4 CD Diesel Aut. | 306 | 2023-
  Spin | 2015-2026
    LT 1.8 8V Flex Aut. | 126
    Activ 1.8 8V Flex Aut. | 134
    Premier 1.8 8V Flex Aut. 7L | 141 | 2019-
  Montana | 2023-2026
    1.2 Turbo Flex Mec. | 121
    LT 1.2 Turbo Flex Aut. | 136
    Premier 1.2 Turbo Flex Aut. | 151
    RS 1.2 Turbo Flex Aut. | 152 | 2025-
  Cruze | 2017-2024
    LT 1.4 Turbo Flex Aut. | 146
    Premier 1.4 Turbo Flex Aut. | 166
    Sport6 RS 1.4 Turbo Flex Aut. | 172 | 2022-
  Equinox | 2018-2025
    LT 1.5 Turbo Aut. | 216 | 2018-2022
    Premier 1.5 Turbo AWD Aut. | 252
    RS 1.5 Turbo AWD Aut. | 258 | 2023-
  Spark | 2025-2026
    EUV Elétrico Aut. | 159
Hyundai | 26 | 015
  HB20 | 2015-2026
    Comfort 1.0 Flex 12V Mec. | 94
    Sense 1.0 Flex 12V Mec. | 86 | 2020-
    Limited 1.0 Flex 12V Mec. | 91 | 2023-
    Comfort Plus 1.0 Turbo Flex Aut. | 111 | 2020-
    Platinum 1.0 Turbo Flex Aut. | 121 | 2020-
    Premium 1.6 Flex 16V Aut. | 84 | 2015-2019
  HB20S | 2015-2026
    Comfort 1.0 Flex 12V Mec. | 101
    Comfort Plus 1.0 Turbo Flex Aut. | 117 | 2020-
    Platinum Plus 1.0 Turbo Flex Aut. | 129 | 2020-
  Creta | 2017-2026
    Prestige 2.0 16V Flex Aut. | 118 | 2017-2021
    Action 1.6 16V Flex Aut. | 131 | 2021-
    Comfort 1.0 Turbo Flex Aut. | 146 | 2022-
    Limited 1.0 Turbo Flex Aut. | 156 | 2022-
    N Line 1.0 Turbo Flex Aut. | 166 | 2023-
    Ultimate 2.0 16V Flex Aut. | 176 | 2022-2024
    Platinum 1.0 Turbo Flex Aut. | 171 | 2025-
  Tucson | 2015-2023
    GLS 1.6 Turbo Aut. | 168 | 2017-2023
    GLS 2.0 16V Flex Aut. | 142 | 2015-2017
Toyota | 56 | 002
  Corolla | 2015-2026
    GLi 2.0 Flex 16V Aut. | 156
    XEi 2.0 Flex 16V Aut. | 171
    Altis Hybrid 1.8 16V Aut. | 189 | 2020-
    Altis Premium Hybrid 1.8 16V Aut. | 196 | 2020-
    GR-S 2.0 Flex 16V Aut. | 201 | 2022-
  Corolla Cross | 2021-2026
    XR 2.0 Flex 16V Aut. | 176
    XRE 2.0 Flex 16V Aut. | 191
    XRX Hybrid 1.8 16V Aut. | 216
    GR-S 2.0 Flex 16V Aut. | 211 | 2023-
  Hilux | 2015-2026
    STD Power Pack 2.8 4x4 CS Diesel Mec. | 251 | 2016-
    SR 2.8 4x4 CD Diesel Aut. | 282 | 2016-
    SRV 2.8 4x4 CD Diesel Aut. | 322 | 2016-
    SRX 2.8 4x4 CD Diesel Aut. | 346 | 2016-
    GR-S 2.8 4x4 CD Diesel Aut. | 376 | 2022-
    SRV 3.0 4x4 CD Diesel Aut. | 198 | 2015-2015
  SW4 | 2016-2026
    SRX 2.8 4x4 Diesel Aut. 7L | 402
    Diamond 2.8 4x4 Diesel Aut. 7L | 423 | 2019-
    GR-S 2.8 4x4 Diesel Aut. 7L | 452 | 2022-
  Yaris | 2019-2025
    XL 1.5 Flex 16V CVT | 101
    XS 1.5 Flex 16V CVT | 111
    XLS 1.5 Flex 16V CVT | 116
  Yaris Sedan | 2019-2025
    XL Plus 1.5 Flex 16V CVT | 111
    XLS 1.5 Flex 16V CVT | 121
  Yaris Cross | 2025-2026
    XRE 1.5 Flex CVT | 166
    XRX Hybrid 1.5 CVT | 186
  Etios | 2015-2021
    X 1.3 Flex 16V 5p Mec. | 66
    XS 1.5 Flex 16V 5p Aut. | 74 | 2017-
    XLS Sedan 1.5 Flex 16V Aut. | 79 | 2017-
Renault | 48 | 025
  Kwid | 2018-2026
    Zen 1.0 12V SCe Flex 5p Mec. | 76
    Intense 1.0 12V SCe Flex 5p Mec. | 81
    Outsider 1.0 12V SCe Flex 5p Mec. | 84 | 2020-
    E-Tech 100% Elétrico | 101 | 2023-
  Sandero | 2015-2022
    Life 1.0 12V SCe Flex 5p Mec. | 66 | 2020-
    Zen 1.0 12V SCe Flex 5p Mec. | 71
    Stepway 1.6 16V SCe Flex 5p Mec. | 81
    Stepway 1.6 16V SCe Flex 5p CVT | 87 | 2020-
  Logan | 2015-2022
    Zen 1.0 12V SCe Flex 4p Mec. | 74
    Intense 1.6 16V SCe Flex 4p CVT | 86 | 2020-
  Duster | 2016-2026
    Zen 1.6 16V SCe Flex Mec. | 116
    Intense 1.6 16V SCe Flex CVT | 131
    Iconic 1.3 TCe Flex CVT | 151 | 2023-
    Dynamique 2.0 16V Flex Aut. | 92 | 2016-2020
  Oroch | 2016-2026
    Pro 1.6 16V SCe Flex Mec. | 121
    Intense 1.6 16V SCe Flex CVT | 136
    Outsider 1.3 TCe Flex CVT | 156 | 2023-
  Captur | 2017-2024
    Zen 1.6 16V SCe Flex CVT | 126
    Intense 1.3 TCe Flex CVT | 146 | 2022-
  Kardian | 2025-2026
    Evolution 1.0 TCe Flex Aut. | 121
    Techno 1.0 TCe Flex Aut. | 131
    Première Edition 1.0 TCe Flex Aut. | 136
Jeep | 29 | 027
  Renegade | 2016-2026
    Sport 1.8 16V Flex Aut. | 116 | 2016-2021
    Trailhawk 2.0 4x4 Diesel Aut. | 176 | 2016-2021
    1.3 T270 Flex Aut. | 136 | 2022-
    Longitude 1.3 T270 Flex Aut. | 151 | 2022-
    Sahara 1.3 T270 Flex Aut. | 166 | 2022-
    Trailhawk 1.3 T270 4x4 Flex Aut. | 176 | 2022-
  Compass | 2017-2026
    Longitude 2.0 16V Flex Aut. | 152 | 2017-2021
    Sport 1.3 T270 Flex Aut. | 181 | 2022-
    Longitude 1.3 T270 Flex Aut. | 196 | 2022-
    Limited 1.3 T270 Flex Aut. | 216 | 2022-
    Série S 2.0 TD350 4x4 Diesel Aut. | 262 | 2022-
  Commander | 2022-2026
    Limited 1.3 T270 Flex Aut. 7L | 241
    Overland 1.3 T270 Flex Aut. 7L | 262
    Overland 2.0 TD380 4x4 Diesel Aut. 7L | 302
Honda | 25 | 014
  Civic | 2015-2026
    LXR 2.0 16V Flex Aut. | 112 | 2015-2016
    Sport 2.0 16V Flex CVT | 141 | 2017-2021
    EXL 2.0 16V Flex CVT | 151 | 2017-2021
    Touring 1.5 Turbo 16V CVT | 171 | 2017-2021
    Advanced Hybrid 2.0 16V e:HEV Aut. | 266 | 2023-
  City | 2015-2026
    EX 1.5 16V Flex CVT | 121
    EXL 1.5 16V Flex CVT | 129
    Touring 1.5 16V Flex CVT | 141 | 2022-
  City Hatchback | 2022-2026
    EXL 1.5 16V Flex CVT | 129
    Touring 1.5 16V Flex CVT | 141
  HR-V | 2016-2026
    EX 1.5 16V Flex CVT | 156
    EXL 1.5 16V Flex CVT | 166
    Advance 1.5 Turbo CVT | 186 | 2023-
    Touring 1.5 Turbo CVT | 196 | 2023-
  WR-V | 2018-2026
    EX 1.5 16V Flex CVT | 121 | 2018-2022
    EXL 1.5 16V Flex CVT | 131 | 2018-2022
    EXL 1.5 16V CVT | 146 | 2025-
  Fit | 2015-2021
    LX 1.5 16V Flex CVT | 82
    EX 1.5 16V Flex CVT | 88
    EXL 1.5 16V Flex CVT | 93
Nissan | 43 | 023
  Kicks | 2017-2026
    S 1.6 16V Flex CVT | 116
    SV 1.6 16V Flex CVT | 126
    Advance 1.6 16V Flex CVT | 136 | 2022-
    Exclusive 1.6 16V Flex CVT | 141
    Platinum 1.0 Turbo Aut. | 176 | 2026-
  Versa | 2015-2026
    Sense 1.6 16V Flex CVT | 116 | 2021-
    Advance 1.6 16V Flex CVT | 121 | 2021-
    Exclusive 1.6 16V Flex CVT | 131 | 2021-
    SV 1.6 16V Flex CVT | 86 | 2015-2020
  Frontier | 2015-2026
    S 2.3 16V 4x4 CD Diesel Mec. | 231 | 2017-
    Attack 2.3 16V 4x4 CD Diesel Aut. | 276 | 2017-
    XE 2.3 16V 4x4 CD Diesel Aut. | 262 | 2017-
    LE 2.3 16V 4x4 CD Diesel Aut. | 302 | 2017-
    Pro-4X 2.3 16V 4x4 CD Diesel Aut. | 312 | 2023-
  March | 2015-2020
    S 1.0 12V Flex 5p Mec. | 61
    SV 1.6 16V Flex 5p CVT | 72 | 2017-
Ford | 22 | 003
  Ka | 2015-2021
    SE 1.0 12V Flex 5p Mec. | 68
    SE Plus 1.5 12V Flex 5p Aut. | 76 | 2019-
    SE Sedan 1.5 12V Flex 4p Mec. | 74
  EcoSport | 2015-2021
    SE 1.5 12V Flex Aut. | 96 | 2018-
    Titanium 2.0 16V Flex Aut. | 106 | 2018-
    Storm 2.0 4WD 16V Flex Aut. | 111 | 2018-
    Freestyle 1.6 16V Flex Mec. | 82 | 2015-2017
  Ranger | 2015-2026
    XL 2.2 4x4 CD Diesel Mec. | 222 | 2015-2023
    XLS 2.2 4x4 CD Diesel Aut. | 252 | 2015-2023
    XLT 3.2 4x4 CD Diesel Aut. | 272 | 2016-2023
    XLT 2.0 Turbo 4x4 CD Diesel Aut. | 292 | 2024-
    Limited V6 3.0 4x4 CD Diesel Aut. | 332 | 2024-
    Raptor 3.0 V6 Biturbo 4x4 CD Aut. | 472 | 2024-
  Territory | 2021-2026
    SEL 1.5 EcoBoost Aut. | 201 | 2021-2023
    Titanium 1.5 EcoBoost Aut. | 222
  Maverick | 2022-2026
    Lariat FX4 2.0 EcoBoost AWD Aut. | 252
    Lariat Hybrid 2.5 Aut. | 242 | 2024-
    Tremor 2.0 EcoBoost AWD Aut. | 266 | 2025-
  Bronco | 2021-2026
    Sport Wildtrak 2.0 EcoBoost 4x4 Aut. | 276
    Sport Big Bend 1.5 EcoBoost 4x4 Aut. | 239 | 2024-
BYD | 238 | 037
  Dolphin | 2024-2026
    GS 95cv Elétrico Aut. | 151
    EV 95cv Elétrico Aut. | 146 | 2024-2024
  Dolphin Plus | 2024-2026
    204cv Elétrico Aut. | 186
  Dolphin Mini | 2024-2026
    GL Elétrico Aut. | 116
    GS Elétrico Aut. | 123
  Seal | 2024-2026
    AWD Performance Elétrico Aut. | 302
  Song Plus | 2024-2026
    DM-i 1.5 Híbrido Aut. | 236
    Premium DM-i 1.5 Híbrido Aut. | 249 | 2025-
  Song | 2024-2026
    Pro GL DM-i 1.5 Híbrido Aut. | 186
    Pro GS DM-i 1.5 Híbrido Aut. | 199
  King | 2025-2026
    GL DM-i 1.5 Híbrido Aut. | 176
    GS DM-i 1.5 Híbrido Aut. | 186
Caoa Chery | 245 | 038
  Tiggo | 2019-2026
    5X TXS 1.5 Turbo Flex Aut. | 126 | 2019-2022
    5X Sport 1.5 Turbo Flex Aut. | 136 | 2023-
    5X Pro 1.5 Turbo Flex Aut. | 151 | 2022-
    7 Pro 1.6 Turbo Aut. | 176 | 2023-
    7 Pro Hybrid 1.5 Turbo Aut. | 196 | 2024-
    8 TXS 1.6 Turbo Aut. 7L | 206 | 2021-
    8 Pro Plug-in Híbrido Aut. 7L | 276 | 2024-
  Arrizo | 2019-2026
    6 GSX 1.5 Turbo Flex Aut. | 121 | 2019-2021
    6 Pro Hybrid 1.5 Turbo Aut. | 156 | 2023-
Peugeot | 44 | 024
  208 | 2015-2026
    Like 1.0 Flex Mec. | 84 | 2021-
    Active 1.6 16V Flex Aut. | 93 | 2015-2020
    Allure 1.0 Turbo 200 Flex CVT | 111 | 2024-
    GT 1.0 Turbo 200 Flex CVT | 122 | 2024-
  2008 | 2015-2026
    Allure 1.6 16V Flex Aut. | 106 | 2015-2022
    Allure 1.0 Turbo 200 Flex CVT | 136 | 2024-
    GT 1.0 Turbo 200 Flex CVT | 146 | 2024-
Citroën | 13 | 012
  C3 | 2015-2026
    Live 1.0 Flex Mec. | 81 | 2023-
    Feel 1.6 16V Flex Aut. | 96 | 2023-
    Tendance 1.6 16V Flex Aut. | 76 | 2015-2022
  C4 | 2019-2025
    Cactus Feel 1.6 16V Flex Aut. | 126
    Cactus Shine 1.6 THP Flex Aut. | 146
  Aircross | 2024-2026
    Feel 1.0 Turbo 200 Flex CVT | 131
    Shine 1.0 Turbo 200 Flex CVT 7L | 146
  Basalt | 2025-2026
    Feel 1.0 Turbo 200 Flex CVT | 121
    Shine 1.0 Turbo 200 Flex CVT | 131
Mitsubishi | 41 | 021
  L200 | 2015-2026
    Triton Sport GLS 2.4 4x4 CD Diesel Aut. | 286 | 2017-
    Triton Sport HPE-S 2.4 4x4 CD Diesel Aut. | 316 | 2017-
    Triton Savana 3.2 4x4 CD Diesel Mec. | 196 | 2015-2022
  Pajero | 2015-2025
    Sport HPE 2.4 4x4 Diesel Aut. 7L | 342 | 2019-
    TR4 2.0 16V 4x4 Flex Aut. | 112 | 2015-2015
  Eclipse Cross | 2019-2026
    GLS 1.5 Turbo CVT | 176
    HPE-S 1.5 Turbo S-AWC CVT | 206
GWM | 240 | 039
  Haval | 2023-2026
    H6 HEV 1.5 Turbo Híbrido Aut. | 231
    H6 PHEV 1.5 Turbo Híbrido AWD Aut. | 296
    H6 GT PHEV Híbrido AWD Aut. | 326
  Ora 03 | 2023-2026
    Skin Elétrico Aut. | 151
    GT Elétrico Aut. | 181
RAM | 246 | 040
  Rampage | 2024-2026
    Big Horn 2.0 Turbo 4x4 Aut. | 236
    Rebel 2.2 Turbo 4x4 Diesel Aut. | 266
    Laramie 2.2 Turbo 4x4 Diesel Aut. | 276
  1500 | 2022-2026
    Laramie 5.7 V8 4x4 CD Aut. | 462
    Rebel 5.7 V8 4x4 CD Aut. | 452
`;

const MOTOS = `
Honda | 80 | 811
  CG 160 | 2016-2026
    Start Flex | 17.6
    Fan Flex | 19.4
    Titan Flex | 21.6
    Cargo Flex | 19.1
    Titan S ABS Flex | 23.6 | 2024-
  Biz 125 | 2015-2026
    ES Flex | 16.4
    EX Flex | 18.1 | 2018-
  Pop 110i | 2016-2026
    ES Flex | 11.2
  Bros | 2016-2026
    160 ESD Flex | 21.9
    160 ESDD Flex | 23.2
    160 ABS Flex | 25.1 | 2025-
  CB 300F | 2023-2026
    Twister Flex | 24.6
    Twister ABS Flex | 26.9
  CB 500F | 2015-2026
    ABS | 44.6
  CB 500X | 2015-2026
    ABS | 49.6
  XRE 300 | 2015-2026
    Rally ABS Flex | 28.4 | 2016-2023
    Sahara ABS Flex | 32.6 | 2024-
    Sahara Adventure ABS Flex | 34.6 | 2024-
  XRE 190 | 2016-2026
    Flex | 22.4
    ABS Flex | 24.1 | 2019-
  PCX 160 | 2023-2026
    CBS | 19.9
    ABS | 21.4
    DLX ABS | 22.9
  ADV 160 | 2023-2026
    ABS | 25.9
  Elite | 2019-2026
    125 CBS | 14.3
Yamaha | 101 | 827
  Factor | 2016-2026
    150 ED UBS Flex | 18.6
    150 DX Flex | 19.6 | 2023-
  Fazer | 2018-2026
    FZ15 150 ABS Flex | 20.4 | 2023-
    FZ25 250 ABS Flex | 25.6
  Lander | 2019-2026
    250 ABS Flex | 27.9
    250 Connected ABS Flex | 29.6 | 2024-
  Crosser | 2015-2026
    150 S Flex | 19.8
    150 Z ABS Flex | 22.1 | 2020-
  NMax | 2017-2026
    160 ABS | 21.9
    160 Connected ABS | 23.1 | 2021-
  XMax | 2021-2026
    250 ABS | 33.6
  MT-03 | 2016-2026
    ABS | 34.6
  MT-07 | 2015-2026
    ABS | 56.9
  YZF-R3 | 2016-2026
    ABS | 36.6
Suzuki | 95 | 833
  V-Strom | 2015-2026
    650 XT ABS | 62.6
    1050 XT ABS | 86.9 | 2020-
  GSX-S | 2016-2026
    750 A ABS | 58.4
    1000 A ABS | 81.6 | 2016-2024
  Hayabusa | 2015-2026
    1300 GSX-R ABS | 119.9
BMW | 77 | 805
  G 310 | 2017-2026
    GS | 36.9
    R | 32.9
  F 850 | 2019-2026
    GS | 79.9
    GS Adventure | 89.9
  F 900 | 2020-2026
    R | 66.9
    XR | 76.9
  R 1250 | 2019-2024
    GS | 112.9
    GS Adventure | 124.9
  R 1300 | 2024-2026
    GS | 129.9
    GS Adventure | 142.9 | 2025-
  S 1000 | 2015-2026
    RR | 129.9
    XR | 109.9 | 2016-
    R | 89.9 | 2017-
Kawasaki | 85 | 818
  Ninja | 2018-2026
    400 ABS | 39.9
    ZX-6R 636 ABS | 71.9 | 2019-
    ZX-10R ABS | 99.9
  Z 400 | 2019-2026
    ABS | 37.9
  Z 900 | 2017-2026
    ABS | 59.9
  Versys | 2015-2026
    650 ABS | 51.9
    1000 SE ABS | 84.9 | 2019-
Harley-Davidson | 86 | 815
  Fat Boy | 2018-2026
    114 | 131.9
  Street Glide | 2018-2026
    Special 114 | 151.9
  Road Glide | 2018-2026
    Special 114 | 156.9
  Heritage Classic | 2018-2026
    114 | 129.9
  Sportster | 2022-2026
    S 1250 | 99.9
  Pan America | 2021-2026
    1250 Special | 119.9
Royal Enfield | 211 | 841
  Meteor | 2022-2026
    350 Fireball | 23.9
    350 Supernova | 25.9
  Classic | 2022-2026
    350 Signals | 24.9
    350 Chrome | 26.4
  Hunter | 2023-2026
    350 Rebel | 22.9
  Himalayan | 2019-2026
    411 | 25.9 | 2019-2024
    450 | 31.9 | 2025-
Triumph | 99 | 836
  Tiger | 2018-2026
    900 GT | 79.9 | 2020-
    900 Rally Pro | 94.9 | 2020-
    1200 GT Pro | 109.9 | 2022-
  Trident | 2021-2026
    660 | 49.9
`;

const CAMINHOES = `
Volvo | 115 | 519
  FH 460 | 2015-2026
    4x2 2p Diesel | 786
    6x2 2p Diesel | 836
  FH 540 | 2015-2026
    6x4 2p Diesel | 986
    6x4 Globetrotter 2p Diesel | 1036 | 2021-
  VM 270 | 2015-2026
    4x2 2p Diesel | 536
    6x2 2p Diesel | 576
  VM 330 | 2015-2026
    6x4 2p Diesel | 646
  FMX 500 | 2016-2026
    8x4 2p Diesel | 1016
Scania | 112 | 517
  R 450 | 2015-2026
    A 4x2 2p Diesel | 806
    A 6x2 2p Diesel | 856
  R 540 | 2015-2026
    A 6x4 2p Diesel | 1006
  P 360 | 2015-2026
    B 6x2 2p Diesel | 686
    B 8x2 2p Diesel | 726 | 2019-
  G 410 | 2015-2026
    A 6x2 2p Diesel | 756
Mercedes-Benz | 109 | 509
  Actros | 2015-2026
    2546 LS 6x2 2p Diesel | 886
    2651 S 6x4 2p Diesel | 986
    2553 S 6x2 2p Diesel | 946 | 2020-
  Axor | 2015-2026
    2036 S 4x2 2p Diesel | 626
    2544 S 6x2 2p Diesel | 696
  Atego | 2015-2026
    1719 4x2 2p Diesel | 406
    2430 6x2 2p Diesel | 516
    3030 8x2 2p Diesel | 576 | 2018-
  Accelo | 2015-2026
    815 4x2 2p Diesel | 286
    1016 4x2 2p Diesel | 316
    1117 4x2 2p Diesel | 336 | 2019-
VW - VolksWagen | 113 | 513
  Constellation | 2015-2026
    17.190 4x2 2p Diesel | 456
    24.280 6x2 2p Diesel | 536
    26.420 6x4 2p Diesel | 636
  Delivery | 2015-2026
    Express Prime 4x2 2p Diesel | 246 | 2018-
    9.170 4x2 2p Diesel | 296
    11.180 4x2 2p Diesel | 326
    13.180 4x2 2p Diesel | 346
  Meteor | 2021-2026
    28.460 6x2 2p Diesel | 846
    29.530 6x4 2p Diesel | 956
Iveco | 107 | 507
  Daily | 2015-2026
    35-150 CS Diesel | 286
    70-170 CS Diesel | 346
  Tector | 2015-2026
    170E21 4x2 2p Diesel | 406
    240E30 6x2 2p Diesel | 526
  S-Way | 2021-2026
    480 6x2 2p Diesel | 836
    540 6x4 2p Diesel | 936
DAF | 206 | 531
  XF 480 | 2018-2026
    FT 4x2 2p Diesel | 816
    FTS 6x2 2p Diesel | 866
  XF 530 | 2018-2026
    FTT 6x4 2p Diesel | 966
  CF 410 | 2019-2026
    FT 4x2 2p Diesel | 706
    FTT 6x4 2p Diesel | 776
Ford | 104 | 504
  Cargo | 2015-2019
    816 4x2 2p Diesel | 286
    1119 4x2 2p Diesel | 336
    2429 6x2 2p Diesel | 496
`;

/** Reads one table (format above); a malformed line is a programming error and stops the server at start. */
export function lerTabela(texto: string): MarcaRef[] {
  const marcas: { codigo: string; nome: string; prefixo: string; modelos: [string, number, number, VersaoRef[]][] }[] = [];
  const anos = (faixa: string, linha: string): [number | undefined, number | undefined] => {
    const m = /^(\d{4})?-(\d{4})?$/.exec(faixa.trim());
    if (!m) throw new Error(`Catálogo FIPE: anos inválidos em "${linha}"`);
    return [m[1] ? Number(m[1]) : undefined, m[2] ? Number(m[2]) : undefined];
  };
  for (const linha of texto.split('\n')) {
    if (!linha.trim()) continue;
    const recuo = linha.length - linha.trimStart().length;
    const campos = linha.split('|').map((c) => c.trim());
    const marca = marcas.at(-1);
    const modelo = marca?.modelos.at(-1);
    if (recuo === 0 && campos.length === 3) {
      marcas.push({ nome: campos[0] ?? '', codigo: campos[1] ?? '', prefixo: campos[2] ?? '', modelos: [] });
    } else if (recuo === 2 && marca && campos.length === 2) {
      const [de, ate] = anos(campos[1] ?? '', linha);
      if (de === undefined || ate === undefined) throw new Error(`Catálogo FIPE: anos do modelo em "${linha}"`);
      marca.modelos.push([campos[0] ?? '', de, ate, []]);
    } else if (recuo === 4 && modelo && (campos.length === 2 || campos.length === 3) && Number.isFinite(Number(campos[1]))) {
      const [de, ate] = campos[2] === undefined ? [undefined, undefined] : anos(campos[2], linha);
      modelo[3].push([campos[0] ?? '', Number(campos[1]), de, ate]);
    } else {
      throw new Error(`Catálogo FIPE: linha inválida "${linha}"`);
    }
  }
  return marcas;
}

export const CATALOGO_FIPE: Record<TipoApi, readonly MarcaRef[]> = {
  cars: lerTabela(CARROS),
  motorcycles: lerTabela(MOTOS),
  trucks: lerTabela(CAMINHOES),
};
