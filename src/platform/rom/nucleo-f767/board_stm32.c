/* SPDX-License-Identifier: MIT
 * board_stm32.c - the NUCLEO-F767ZI set up as the STM32 study ran it
 * (ST RM0410 register map; data/cpu-models/cortex-m7-stm32f767.toml):
 *   clock   HSE in bypass (the ST-LINK's 8 MHz MCO), PLL M 4, N 216, P 2,
 *           Q 9: 216 MHz, voltage scale 1 with over-drive; AHB 216 MHz,
 *           APB1 54 MHz, APB2 108 MHz
 *   flash   7 wait states (RM0410 Table 7, 2.7-3.6 V, 210-216 MHz), the ART
 *           accelerator and prefetch on
 *   caches  L1 instruction and data caches invalidated and enabled (as
 *           CMSIS's SCB_EnableICache / SCB_EnableDCache do); code and
 *           constants run from flash (AXI, 0x08000000), data and stack in
 *           DTCM (the linker script)
 *   timer   DWT CYCCNT: 32 bits at the core clock (wraps after 19.9 s)
 *   serial  USART3 on PD8 (TX) / PD9 (RX), alternate function 7, 115200
 *           8N1: the ST-LINK's virtual COM port
 */
#include "board.h"

#define REG(addr) (*(volatile uint32_t *)(addr))
#define RCC_CR REG(0x40023800u)
#define RCC_PLLCFGR REG(0x40023804u)
#define RCC_CFGR REG(0x40023808u)
#define RCC_AHB1ENR REG(0x40023830u)
#define RCC_APB1ENR REG(0x40023840u)
#define PWR_CR1 REG(0x40007000u)
#define PWR_CSR1 REG(0x40007004u)
#define FLASH_ACR REG(0x40023C00u)
#define GPIOD_MODER REG(0x40020C00u)
#define GPIOD_AFRH REG(0x40020C24u)
#define USART3_CR1 REG(0x40004800u)
#define USART3_BRR REG(0x4000480Cu)
#define USART3_ISR REG(0x4000481Cu)
#define USART3_TDR REG(0x40004828u)
#define SCB_CCR REG(0xE000ED14u)
#define SCB_CCSIDR REG(0xE000ED80u)
#define SCB_CSSELR REG(0xE000ED84u)
#define SCB_ICIALLU REG(0xE000EF50u)
#define SCB_DCISW REG(0xE000EF60u)
#define DEMCR REG(0xE000EDFCu)
#define DWT_CTRL REG(0xE0001000u)
#define DWT_CYCCNT REG(0xE0001004u)
#define DWT_LAR REG(0xE0001FB0u)

#define CORE_HZ 216000000ul
#define APB1_HZ 54000000ul
#define BAUD 115200ul

static void barrier(void)
{
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}

static void clocks(void)
{
    RCC_APB1ENR |= 1ul << 28;                      /* PWREN */
    PWR_CR1 = (PWR_CR1 & ~(3ul << 14)) | 3ul << 14; /* VOS: scale 1 */
    RCC_CR |= 1ul << 18 | 1ul << 16;               /* HSEBYP, HSEON */
    while (!(RCC_CR & 1ul << 17)) {                /* HSERDY */
    }
    RCC_PLLCFGR = 4ul | 216ul << 6 | 0ul << 16 | 1ul << 22 | 9ul << 24 | 2ul << 28; /* M, N, P=2, HSE, Q, R (reset value) */
    RCC_CR |= 1ul << 24;                           /* PLLON */
    PWR_CR1 |= 1ul << 16;                          /* over-drive on */
    while (!(PWR_CSR1 & 1ul << 16)) {              /* ODRDY */
    }
    PWR_CR1 |= 1ul << 17;                          /* switch to it */
    while (!(PWR_CSR1 & 1ul << 17)) {              /* ODSWRDY */
    }
    while (!(RCC_CR & 1ul << 25)) {                /* PLLRDY */
    }
    FLASH_ACR = 7ul | 1ul << 8 | 1ul << 9;         /* 7 wait states, PRFTEN, ARTEN */
    while ((FLASH_ACR & 15ul) != 7ul) {
    }
    RCC_CFGR = (RCC_CFGR & ~0xFCF0ul) | 5ul << 10 | 4ul << 13; /* AHB /1, APB1 /4, APB2 /2 */
    RCC_CFGR = (RCC_CFGR & ~3ul) | 2ul;            /* SYSCLK from the PLL */
    while ((RCC_CFGR & 12ul) != 8ul) {
    }
}

static void caches(void)
{
    uint32_t ccsidr, sets, ways, way;
    barrier();
    SCB_ICIALLU = 0;
    barrier();
    SCB_CCR |= 1ul << 17;                          /* IC */
    barrier();
    SCB_CSSELR = 0;                                /* level 1 data cache */
    barrier();
    ccsidr = SCB_CCSIDR;
    sets = (ccsidr >> 13) & 0x7FFFu;
    do {
        ways = (ccsidr >> 3) & 0x3FFu;
        for (way = ways;; way--) {                 /* invalidate by set and way (4 ways: bits 31:30) */
            SCB_DCISW = sets << 5 | way << 30;
            if (!way) break;
        }
    } while (sets--);
    barrier();
    SCB_CCR |= 1ul << 16;                          /* DC */
    barrier();
}

static void serial(void)
{
    RCC_AHB1ENR |= 1ul << 3;                       /* GPIODEN */
    RCC_APB1ENR |= 1ul << 18;                      /* USART3EN */
    GPIOD_MODER = (GPIOD_MODER & ~(15ul << 16)) | 10ul << 16; /* PD8, PD9: alternate function */
    GPIOD_AFRH = (GPIOD_AFRH & ~0xFFul) | 0x77ul;  /* AF7: USART3 */
    USART3_BRR = (APB1_HZ + BAUD / 2u) / BAUD;
    USART3_CR1 = 1ul << 3 | 1ul;                   /* TE, UE */
}

void board_init(void)
{
    clocks();
    caches();
    DEMCR |= 1ul << 24;                            /* TRCENA: the DWT on */
    DWT_LAR = 0xC5ACCE55u;                         /* unlock its registers */
    DWT_CYCCNT = 0;
    DWT_CTRL |= 1u;                                /* CYCCNTENA */
    serial();
}

void board_putc(char c)
{
    while (!(USART3_ISR & 1ul << 7)) {             /* TXE */
    }
    USART3_TDR = (uint8_t)c;
}

uint32_t board_ticks(void)
{
    return DWT_CYCCNT;
}

uint32_t board_tick_hz(void)
{
    return CORE_HZ;
}

const char *board_tick_unit(void)
{
    return "cycles";
}
